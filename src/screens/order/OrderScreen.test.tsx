// @vitest-environment happy-dom
/**
 * The order screen as users see it, drawn by the generic renderer from schemas/order.json alone:
 * status tabs with counts, formatted cells, actions gated by status and role, the auto-assign switch.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import orderJson from '../../../schemas/order.json';
import type { Resource } from '../../schema';
import { clearOptionCache } from '../../engine';
import { ResourceScreen } from '../../renderer';
import { messages, mountScreen } from '../../renderer/testing';
import './register';

vi.setConfig({ testTimeout: 60_000 });

const order = orderJson as unknown as Resource;
const base = {
  platform: 'taobao',
  shopId: '912190582341029001',
  shopIdName: '小羊管家旗舰店',
  shopName: '小羊管家旗舰店',
  merchantId: '912190582341029002',
  merchantIdName: '小羊管家',
  productTitle: '家用空调深度清洗（挂机）',
  skuName: '1.5 匹及以下',
  quantity: 1,
  customerPhone: '13812345678',
  region: ['310000', '310100', '310115'],
  address: '张江路 88 号',
  paidAmount: '199.00',
  adjustedAmount: '199.00',
  refundedAmount: '0.00',
  refundable: '199.00',
  settlePreview: '60.00',
  unitServicePrice: '60.00',
  createdAt: '2026-11-20T02:00:00.000Z',
};
const rows = [
  { ...base, id: '912190582341029888', orderNo: 'SO912190582341029888', customerName: '张伟', status: 'pending', storeId: null, staffId: null },
  {
    ...base,
    id: '912190582341029889',
    orderNo: 'SO912190582341029889',
    customerName: '李娜',
    status: 'in_service',
    storeId: '912190582341029100',
    storeIdName: '小羊管家（浦东店）',
    staffId: null,
    assignedAt: '2026-11-20T03:00:00.000Z',
  },
  {
    ...base,
    id: '912190582341029890',
    orderNo: 'SO912190582341029890',
    customerName: '王芳',
    status: 'settled',
    storeId: '912190582341029100',
    storeIdName: '小羊管家（浦东店）',
    staffId: null,
  },
];
const handlers = {
  '/order/list': (input: Record<string, unknown>) => {
    const list = input.status ? rows.filter((r) => r.status === input.status) : rows;
    return { list, total: list.length, current: input.current ?? 1, pageSize: input.pageSize ?? 20 };
  },
  '/order/count': () => ({ pending: 1, assigned: 0, in_service: 1, to_settle: 0, settled: 1, closed: 0, refunded: 0 }),
  '/order/config': () => ({ autoAssign: true }),
};
const user = (roles: string[]) => ({ id: '7', username: roles[0] ?? 'dispatcher', nickname: '当前用户', roles });

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function actionsOf(text: string): Promise<string[]> {
  const row = rowOf(text);
  const inline = [...row.querySelectorAll('[data-action]')].map((el) => el.getAttribute('data-action')!);
  const more = row.querySelector('[data-more]');
  if (!more) return inline;
  fireEvent.click(more);
  const menu = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')];
    expect(open.length).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  const rest = [...menu.querySelectorAll('[data-action]')].map((el) => el.getAttribute('data-action')!);
  fireEvent.click(more);
  return [...inline, ...rest];
}

beforeEach(() => {
  localStorage.clear();
  clearOptionCache();
});

describe('order screen from its schema', () => {
  it('shows status tabs with counts and formatted rows (masked phone, money, status tag, store)', async () => {
    mountScreen(<ResourceScreen resource={order} />, handlers, { url: '/order', user: user(['admin']) });
    await screen.findByText('张伟');
    expect(screen.getAllByText(messages['enum.orderStatus.pending']).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.body.textContent).toContain(messages['enum.orderStatus.to_settle']));
    const first = rowOf('张伟');
    expect(within(first).getByText('138****5678')).toBeTruthy();
    expect(within(first).queryByText('13812345678')).toBeNull();
    expect(within(first).getAllByText('¥199.00').length).toBeGreaterThan(0);
    expect(within(rowOf('李娜')).getByText('小羊管家（浦东店）')).toBeTruthy();
    expect(within(rowOf('李娜')).getByText(messages['enum.orderStatus.in_service'])).toBeTruthy();
    // toolbar: add, the auto-assign switch reflecting /order/config, export
    expect(screen.getAllByText(messages['order.add']).length).toBeGreaterThan(0);
    expect(screen.getAllByText(messages['order.export.action']).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('button[role="switch"]')?.getAttribute('aria-checked')).toBe('true'));
  });

  it('offers each role only the actions its role and the order status allow', async () => {
    mountScreen(<ResourceScreen resource={order} />, handlers, { url: '/order', user: user(['admin']) });
    await screen.findByText('张伟');
    const pending = await actionsOf('张伟');
    expect(pending).toEqual(expect.arrayContaining(['view', 'assignManual', 'remark', 'edit', 'close']));
    expect(pending).not.toContain('refund');
    expect(pending).not.toContain('workOrder');
    const serving = await actionsOf('李娜');
    expect(serving).toEqual(expect.arrayContaining(['workOrder', 'close']));
    expect(serving).not.toContain('assignManual');
    const settled = await actionsOf('王芳');
    expect(settled).not.toContain('close');
    expect(settled).toContain('remark');
  });

  it('gives finance the money actions and a dispatcher only view and remark', async () => {
    const { unmount } = mountScreen(<ResourceScreen resource={order} />, handlers, { url: '/order', user: user(['finance']) });
    await screen.findByText('李娜');
    const serving = await actionsOf('李娜');
    expect(serving).toEqual(expect.arrayContaining(['confirmSettle', 'adjustPrice', 'refund', 'remark']));
    expect(serving).not.toContain('workOrder');
    expect(serving).not.toContain('close');
    unmount();
    mountScreen(<ResourceScreen resource={order} />, handlers, { url: '/order', user: user(['dispatcher']) });
    await screen.findByText('张伟');
    expect((await actionsOf('张伟')).sort()).toEqual(['remark', 'view']);
    expect(screen.queryByText(messages['order.add'])).toBeNull();
  });
});
