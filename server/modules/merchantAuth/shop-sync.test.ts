/**
 * Products sync when a shop is authorised, with the progress on the shop; a failed sync shows its
 * reason and is retried; the "expiring" filter and its workbench to-do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { sandboxProducts } from '../../platforms/sandbox/generate';
import { AUTH_EXPIRING_DAYS } from './next-step';
import { authorizeSandboxShop, listen, settledShop } from './oauth-flow.testkit';
import { runShopSync } from './shop-sync';

let t: TestApp;
let base: string;
let admin: string;
let merchantId: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await t.login('admin', 'admin123');
  const m = await t.db.query<{ id: bigint }>(`SELECT id FROM merchants WHERE status = 'enabled' ORDER BY created_at, id LIMIT 1`);
  merchantId = String(m.rows[0].id);
});
afterAll(() => t?.close());

const detail = async (id: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  (await t.get('/api/merchantAuth/detail', { token: admin, query: { id }, locale })).data.data;

async function authorise(account: string): Promise<string> {
  const flow = await authorizeSandboxShop(base, admin, { merchantId, platform: 'sandbox' }, account);
  expect(flow.callback.status).toBe(200);
  const s = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND platform_shop_id = $1`, [account]);
  return String(s.rows[0].id);
}

describe('sync on authorisation', () => {
  it('a shop just authorised syncs its products by itself, its progress on the shop, then counts them', async () => {
    const expected = sandboxProducts('it-sync-1').length;
    const id = await authorise('it-sync-1');
    // Nobody asked for a sync: the shop ends synced, every product counted.
    const shop = await settledShop(base, admin, id);
    expect(shop).toMatchObject({ syncStatus: 'done', syncDone: expected, syncTotal: expected, productCount: expected, nextStep: 'ready', syncError: null });
    expect(shop.lastSyncAt).toBeTruthy();
    const listed = (await t.get('/api/merchantAuth/list', { token: admin, query: { name: shop.name } })).data.data.list;
    expect(listed.find((r: any) => r.id === id)).toMatchObject({ productCount: expected, nextStep: 'ready' });
  });

  it('while it runs, the shop shows it running with products done of the total', async () => {
    const id = await authorise('it-sync-2');
    await settledShop(base, admin, id);
    const total = sandboxProducts('it-sync-2').length;
    const seen: { status: string; next: string; done: number; total: number | null }[] = [];
    const translate = (k: string) => k;
    await runShopSync(t.db, { publicBaseUrl: base, loopbackBaseUrl: base }, id, {
      nextId: t.nextId,
      translate,
      pageSize: 10,
      observe: async () => {
        const s = await detail(id);
        seen.push({ status: s.syncStatus, next: s.nextStep, done: s.syncDone, total: s.syncTotal });
      },
    });
    expect(seen[0]).toEqual({ status: 'running', next: 'syncing', done: 0, total: null });
    const pages = seen.slice(1);
    expect(pages.length).toBe(Math.ceil(total / 10));
    expect(pages.map((p) => p.done)).toEqual(pages.map((_, i) => Math.min(total, (i + 1) * 10)));
    expect(pages.every((p) => p.status === 'running' && p.total === total)).toBe(true);
    expect(await detail(id)).toMatchObject({ syncStatus: 'done', syncDone: total, nextStep: 'ready' });
  });

  it("a failed sync shows its reason in the reader's locale and the retry; the retry completes it", async () => {
    const id = await authorise('it-sync-3');
    await settledShop(base, admin, id);
    const saved = process.env.PLATFORM_LOOPBACK_URL;
    process.env.PLATFORM_LOOPBACK_URL = 'http://127.0.0.1:9'; // nothing listens: the platform is unreachable
    try {
      const res = await t.get('/api/merchantAuth/syncProducts', { token: admin, query: { id } });
      expect(res.statusCode).toBe(502);
    } finally {
      if (saved === undefined) delete process.env.PLATFORM_LOOPBACK_URL;
      else process.env.PLATFORM_LOOPBACK_URL = saved;
    }
    const zh = await detail(id);
    expect(zh).toMatchObject({ syncStatus: 'failed', nextStep: 'retrySync', authStatus: 'authorized' });
    expect(zh.syncError).toContain('平台');
    const en = await detail(id, 'en-US');
    expect(en.syncError).toMatch(/platform/i);
    const retry = await t.get('/api/merchantAuth/syncProducts', { token: admin, query: { id } });
    expect(retry.data.code).toBe(0);
    expect(await detail(id)).toMatchObject({ syncStatus: 'done', nextStep: 'ready', syncError: null });
  });

  it('a sync cut short by a stopped server reads as failed once its lease is over', async () => {
    const id = await authorise('it-sync-4');
    await settledShop(base, admin, id);
    await t.db.query(
      `UPDATE shops SET sync_status = 'running', sync_started_at = now() - interval '1 hour', sync_lock_until = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    const en = await detail(id, 'en-US');
    expect(en).toMatchObject({ syncStatus: 'failed', nextStep: 'retrySync', syncError: 'the sync was interrupted (the server stopped)' });
  });
});

describe('expiring authorisations', () => {
  it(`the authExpiring filter holds the shops whose authorisation ends within ${AUTH_EXPIRING_DAYS} days and cannot renew itself; the to-do counts the same`, async () => {
    const res = await t.get('/api/merchantAuth/list', { token: admin, query: { authExpiring: true, pageSize: 100 } });
    const rows = res.data.data.list as any[];
    expect(rows.length).toBeGreaterThan(0);
    const limit = Date.now() + AUTH_EXPIRING_DAYS * 86_400_000;
    expect(rows.every((r) => r.authStatus === 'authorized' && r.authExpiring === true && Date.parse(r.tokenExpiresAt) < limit)).toBe(true);
    const db = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shops WHERE auth_status = 'authorized' AND refresh_token IS NULL AND token_expires_at < now() + interval '${AUTH_EXPIRING_DAYS} days'`,
    );
    expect(res.data.data.total).toBe(db.rows[0].n);
    // a sandbox shop renews itself with its refresh token: never "expiring"
    expect(rows.some((r) => r.platform === 'sandbox')).toBe(false);
    const todos = (await t.get('/api/workbench/todos', { token: admin })).data.data as { key: string; count: number }[];
    expect(todos.find((c) => c.key === 'merchantAuth.2')!.count).toBe(res.data.data.total);
    const others = await t.get('/api/merchantAuth/list', { token: admin, query: { authExpiring: false, pageSize: 1 } });
    const all = await t.get('/api/merchantAuth/list', { token: admin, query: { pageSize: 1 } });
    expect(others.data.data.total + res.data.data.total).toBe(all.data.data.total);
  });

  it('a shop without an adapter shows the manual path; one with an adapter offers authorising again', async () => {
    const list = (await t.get('/api/merchantAuth/list', { token: admin, query: { pageSize: 100 } })).data.data.list as any[];
    const expiredTaobao = list.find((r) => r.platform === 'taobao' && r.authStatus === 'expired');
    expect(expiredTaobao).toMatchObject({ adapterAvailable: false, nextStep: 'manualExpired' });
    const pendingMeituan = list.find((r) => r.platform === 'meituan' && r.authStatus === 'pending');
    expect(pendingMeituan).toMatchObject({ nextStep: 'manualPending' });
    const sandbox = list.find((r) => r.platform === 'sandbox' && r.authStatus === 'authorized');
    await t.db.query(`UPDATE shops SET auth_status = 'expired' WHERE id = $1`, [sandbox.id]);
    expect(await detail(sandbox.id)).toMatchObject({ nextStep: 'authorize' });
  });
});
