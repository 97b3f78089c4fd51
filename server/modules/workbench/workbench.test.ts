import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

type Card = { key: string; resource: string; title: string; count: number; path: string; query: Record<string, string> };
const todos = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => (await t.get('/api/workbench/todos', { token, locale })).data.data as Card[];
const listTotal = async (token: string, path: string, query: Record<string, string>) => {
  const api = {
    '/order': '/api/order/list',
    '/store': '/api/store/list',
    '/merchantAuth': '/api/merchantAuth/list',
    '/logisticsOrder': '/api/logisticsOrder/list',
  }[path]!;
  return (await t.get(api, { token, query: { ...query, current: 1, pageSize: 20 } })).data.data.total as number;
};

describe('workbench to-dos', () => {
  test("admin: each count equals the total of the list it links to, titles in the reader's locale", async () => {
    const admin = await t.login('admin', 'admin123');
    const cards = await todos(admin);
    expect(cards.map((c) => c.key)).toEqual(['order.0', 'order.1', 'store.0', 'merchantAuth.0', 'merchantAuth.1', 'merchantAuth.2', 'logisticsOrder.0']);
    expect(cards.find((c) => c.key === 'order.0')).toMatchObject({
      title: '待派单订单',
      path: '/order',
      query: { status: 'pending' },
      href: '/order?tab=pending',
    });
    expect(cards.find((c) => c.key === 'store.0')).toMatchObject({ href: '/store?auditStatus=pending' });
    for (const c of cards) expect(c.count, c.key).toBe(await listTotal(admin, c.path, c.query));
    expect(cards.find((c) => c.key === 'order.0')!.count).toBeGreaterThan(0);
    expect((await todos(admin, 'en-US')).find((c) => c.key === 'store.0')!.title).toBe('Stores to review');
  });

  test('roles: finance sees what finance does; a dispatcher only its own order to-dos', async () => {
    const finance = await t.login('finance', 'finance123');
    expect((await todos(finance)).map((c) => c.key).sort()).toEqual(['logisticsOrder.0', 'order.1']);
    const dispatcher = await t.login('dispatcher', 'dispatcher123');
    const mine = await todos(dispatcher);
    expect(mine.map((c) => c.key).sort()).toEqual(['order.2', 'order.3']);
    for (const c of mine) expect(c.count).toBe(await listTotal(dispatcher, c.path, c.query));
  });

  test('a store audited from the list leaves the to-do count and shows in my recent actions', async () => {
    const admin = await t.login('admin', 'admin123');
    const before = (await todos(admin)).find((c) => c.key === 'store.0')!.count;
    const pending = await t.get('/api/store/list', { token: admin, query: { auditStatus: 'pending', pageSize: 1 } });
    const store = pending.data.data.list[0];
    expect((await t.post('/api/store/audit', { id: store.id, result: 'approved' }, { token: admin })).data.code).toBe(0);
    expect((await todos(admin)).find((c) => c.key === 'store.0')!.count).toBe(before - 1);
    const recent = (await t.get('/api/workbench/recent', { token: admin })).data.data;
    expect(recent[0]).toMatchObject({ resource: '门店管理', recordId: String(store.id) });
  });
});
