/**
 * No input to a create, edit or action of orders and shipments answers 5xx: every field of every POST
 * binding is sent missing, of the wrong type, malformed or naming a row that does not exist, one at a
 * time beside otherwise valid values. The refusals name the problem (400) or the missing row (404),
 * and a refused request writes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let tokens: Record<'admin' | 'finance', string>;
let pending = '';
let merchantId = '';
let storeId = '';
let shipment = '';

beforeAll(async () => {
  t = await createTestApp();
  tokens = { admin: await t.login('admin', 'admin123'), finance: await t.login('finance', 'finance123') };
  const o = (await t.db.query<{ id: bigint; merchant_id: bigint }>(`SELECT id, merchant_id FROM orders WHERE status = 'pending' ORDER BY id LIMIT 1`)).rows[0];
  pending = String(o.id);
  merchantId = String(o.merchant_id);
  storeId = String((await t.db.query<{ id: bigint }>(`SELECT id FROM stores WHERE merchant_id = $1 LIMIT 1`, [o.merchant_id])).rows[0].id);
  shipment = await createdShipment();
}, 180_000);

/**
 * A shipment not yet collected (the only kind that may be cancelled). The demo seed leaves one only when
 * some order was taken within the last hours of the seed's clock, so when there is none one is
 * registered through the API, as staff would.
 */
async function createdShipment(): Promise<string> {
  const seeded = (await t.db.query<{ id: bigint }>(`SELECT id FROM logistics_orders WHERE status = 'created' LIMIT 1`)).rows[0];
  if (seeded) return String(seeded.id);
  const order = (await t.db.query<{ id: bigint }>(`SELECT id FROM orders WHERE status = 'in_service' ORDER BY id LIMIT 1`)).rows[0];
  const r = await t.post(
    '/api/logisticsOrder/add',
    { orderId: String(order.id), carrier: 'SF', trackingNo: `SF${Date.now()}`, goods: '配件' },
    { token: tokens.admin },
  );
  expect(r.data.code, r.body).toBe(0);
  return String(r.data.data.id);
}
afterAll(() => t?.close());

const UNKNOWN_ID = '1234567890123456789';
/** Values of the wrong type or shape for any field. */
const BAD_VALUES: unknown[] = [null, '', '   ', 'abc', -1, 1.5, 12345, true, [], ['x'], {}, { id: 1 }, '9223372036854775808', '1e3', 'x'.repeat(5000)];

interface Binding {
  path: string;
  role: 'admin' | 'finance';
  /** a valid body (the action may still be refused by the state machine: 409, never 5xx) */
  body: () => Record<string, unknown>;
  idempotent?: boolean;
}

const BINDINGS: Binding[] = [
  {
    path: '/api/order/add',
    role: 'admin',
    body: () => ({
      merchantId,
      customerName: '张伟',
      customerPhone: '13812345678',
      region: ['310000', '310100', '310115'],
      address: '张江路 88 号',
      paidAmount: '199.00',
      productTitle: '空调清洗',
    }),
  },
  {
    path: '/api/order/edit',
    role: 'admin',
    body: () => ({ id: pending, customerName: '李雷', address: '世纪大道 1 号', region: ['310000', '310100', '310115'] }),
  },
  { path: '/api/order/assign/manual', role: 'admin', body: () => ({ id: pending, storeId, merchantId }) },
  { path: '/api/order/assign/auto', role: 'admin', body: () => ({ ids: [pending] }) },
  { path: '/api/order/workOrder', role: 'admin', body: () => ({ id: pending, workOrderType: 'install', appointmentAt: '2026-12-01T09:00:00.000Z' }) },
  { path: '/api/order/remark', role: 'admin', body: () => ({ id: pending, remark: '客户要求上午上门' }) },
  { path: '/api/order/close', role: 'admin', body: () => ({ id: pending, reason: '客户取消' }) },
  { path: '/api/order/autoAssignSwitch', role: 'admin', body: () => ({ autoAssign: false }) },
  { path: '/api/order/adjustPrice', role: 'finance', idempotent: true, body: () => ({ id: pending, newAmount: '150.00', reason: '优惠' }) },
  { path: '/api/order/refund', role: 'finance', idempotent: true, body: () => ({ id: pending, refundAmount: '1.00', reason: '差价' }) },
  { path: '/api/order/setSettleAmount', role: 'finance', idempotent: true, body: () => ({ id: pending, serviceAmount: '50.00' }) },
  { path: '/api/order/confirmSettle', role: 'finance', idempotent: true, body: () => ({ id: pending }) },
  { path: '/api/order/settle', role: 'finance', idempotent: true, body: () => ({ id: pending }) },
  { path: '/api/logisticsOrder/add', role: 'admin', body: () => ({ orderId: pending, carrier: 'SF', trackingNo: `SF${Date.now()}`, goods: '配件' }) },
  { path: '/api/logisticsOrder/cancel', role: 'admin', body: () => ({ id: shipment, reason: '客户改约' }) },
];

let key = 0;
/** Sends the body; a refused request (4xx) must leave every table as it was. */
async function send(b: Binding, body: Record<string, unknown>) {
  const headers: Record<string, string> = b.idempotent ? { 'idempotency-key': `write-input-${key++}` } : {};
  const before = await written();
  const r = await t.post(b.path, body, { token: tokens[b.role], headers });
  if (r.statusCode >= 400) expect(await written(), `refused ${JSON.stringify(body).slice(0, 200)} wrote something`).toBe(before);
  return r;
}

const written = async () =>
  (
    await t.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM orders) || '/' || (SELECT count(*) FROM order_logs) || '/' || (SELECT count(*) FROM logistics_orders) || '/' || (SELECT count(*) FROM logistics_events) AS n`,
    )
  ).rows[0].n;

describe.each(BINDINGS)('$path', (b) => {
  test('missing required fields, wrong types and unknown ids are refused with 4xx naming the problem, and a refusal writes nothing', async () => {
    const empty = await send(b, {});
    if (b.path !== '/api/order/autoAssignSwitch') {
      expect(empty.statusCode, JSON.stringify(empty.data)).toBe(400);
      expect(empty.data.msg).toMatch(/请填写|不能为空|必填|「/);
    }
    for (const [name, value] of Object.entries(b.body())) {
      const { [name]: _left, ...without } = b.body();
      const missing = await send(b, without);
      expect(missing.statusCode, `${name} left out: ${JSON.stringify(missing.data)}`).toBeLessThan(500);
      for (const bad of BAD_VALUES) {
        const r = await send(b, { ...b.body(), [name]: bad });
        expect(r.statusCode, `${name} = ${JSON.stringify(bad)}: ${JSON.stringify(r.data)}`).toBeLessThan(500);
        expect(r.data.code, `${name} = ${JSON.stringify(bad)}`).not.toBe(50000);
      }
      if (/(^id$|Id$)/.test(name) && typeof value === 'string') {
        const r = await send(b, { ...b.body(), [name]: UNKNOWN_ID });
        expect([400, 404], `${name} unknown: ${JSON.stringify(r.data)}`).toContain(r.statusCode);
        expect(r.data.msg).not.toMatch(/^server\./);
      }
    }
  }, 300_000);
});

describe('region codes', () => {
  // Six digits in the right shape are not enough: the code must name a real place, each inside the one before.
  const unknown = ['990000', '990100', '990101'];
  const outside = ['440000', '110100', '110101']; // 北京 is not in 广东
  // an order still open (the tests above close theirs)
  let open = '';
  beforeAll(async () => {
    open = String((await t.db.query<{ id: bigint }>(`SELECT id FROM orders WHERE status = 'pending' ORDER BY id DESC LIMIT 1`)).rows[0].id);
  });

  test.each([
    ['/api/order/add', 'admin', () => BINDINGS[0].body(), 'Region'],
    ['/api/order/edit', 'admin', () => ({ id: open }), 'Region'],
    ['/api/logisticsOrder/add', 'admin', () => ({ orderId: open, carrier: 'SF', trackingNo: `SF${Date.now()}`, goods: '配件' }), 'Region'],
  ] as const)('%s refuses a region that is no province/city/district, naming the field', async (path, role, body, title) => {
    for (const region of [unknown, outside]) {
      const before = await written();
      const r = await t.post(path, { ...body(), region }, { token: tokens[role], locale: 'en-US' });
      expect(r.statusCode, JSON.stringify(r.data)).toBe(400);
      expect(r.data.msg).toBe(`${title}: choose a valid province/city/district`);
      expect(await written()).toBe(before);
    }
    const zh = await t.post(path, { ...body(), region: unknown }, { token: tokens[role] });
    expect(zh.data.msg).toMatch(/^(所在地区|收件地区) 请选择有效的省\/市\/区$/);
  });
});

describe('platform trade numbers', () => {
  test('order/add refuses a trade number already entered when it is sent again with spaces around it', async () => {
    const body = { ...BINDINGS[0].body(), platformTradeNo: `TRIM${Date.now()}` };
    const first = await t.post('/api/order/add', body, { token: tokens.admin });
    expect(first.data.code, first.body).toBe(0);
    for (const platformTradeNo of [` ${body.platformTradeNo}`, `${body.platformTradeNo}\t`]) {
      const before = await written();
      const r = await t.post('/api/order/add', { ...body, platformTradeNo }, { token: tokens.admin, locale: 'en-US' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.data.msg).toBe(`Platform trade no. ${body.platformTradeNo} already exists`);
      expect(await written()).toBe(before);
    }
  });
});

describe('a disabled staff member', () => {
  test('is refused by assign/manual and workOrder (409 naming them), the order left as it was', async () => {
    const row = (
      await t.db.query<{ order_id: bigint; store_id: bigint; user_id: bigint; name: string }>(
        `SELECT o.id AS order_id, s.id AS store_id, u.id AS user_id, coalesce(u.nickname, u.username) AS name
           FROM orders o JOIN stores s ON s.merchant_id = o.merchant_id AND s.audit_status = 'approved' AND s.status = 'enabled'
           JOIN users u ON u.store_id = s.id
          WHERE o.status = 'pending' ORDER BY o.id DESC LIMIT 1`,
      )
    ).rows[0];
    await t.db.query(`UPDATE users SET enabled = false WHERE id = $1`, [row.user_id]);
    const [id, storeId, staffId] = [String(row.order_id), String(row.store_id), String(row.user_id)];
    const before = await written();
    const assign = await t.post('/api/order/assign/manual', { id, storeId, staffId }, { token: tokens.admin, locale: 'en-US' });
    expect(assign.statusCode, assign.body).toBe(409);
    expect(assign.data.msg).toBe(`Staff member "${row.name}" is disabled and cannot take orders; choose another`);
    expect(await written()).toBe(before);

    expect((await t.post('/api/order/assign/manual', { id, storeId }, { token: tokens.admin })).data.code).toBe(0);
    const afterAssign = await written();
    const work = await t.post(
      '/api/order/workOrder',
      { id, workOrderType: 'install', appointmentAt: '2026-12-01T09:00:00.000Z', staffId },
      { token: tokens.admin },
    );
    expect(work.statusCode, work.body).toBe(409);
    expect(work.data.msg).toBe(`服务人员「${row.name}」已停用，不能接单，请重新选择`);
    expect(await written()).toBe(afterAssign);
  });
});

describe('assign/auto with no orders', () => {
  test('an empty list of ids is refused naming the field, not answered as "0 of 0 assigned"', async () => {
    const before = await written();
    const zh = await t.post('/api/order/assign/auto', { ids: [] }, { token: tokens.admin });
    expect(zh.statusCode, zh.body).toBe(400);
    expect(zh.data.msg).toBe('订单 至少选择 1 项');
    const en = await t.post('/api/order/assign/auto', { ids: [] }, { token: tokens.admin, locale: 'en-US' });
    expect(en.data.msg).toBe('Orders: choose at least 1');
    expect(await written()).toBe(before);
  });
});
