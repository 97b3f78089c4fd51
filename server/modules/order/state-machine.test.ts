/**
 * The state machine as a table, through HTTP: every status × action × role. Allowed → the new status
 * and one more log row; refused → 403 naming the role or 409 naming the state, and nothing changed.
 * Also: the schema's action "when"/"roles" say the same as TRANSITIONS.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { ORDER_STATUSES, TRANSITIONS, type OrderAction, type OrderStatus } from './state-machine';
import { call, openFixture, type Fixture, type Role } from './test-fixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture({ databaseUrl: process.env.DATABASE_URL });
}, 180_000);
afterAll(async () => f?.close());

const zh = translator('zh-CN');
let keyN = 0;

/** Puts an order straight into `status` with what that status implies (store, settlement row). */
async function orderIn(status: OrderStatus, withSku = true): Promise<bigint> {
  const id = f.nextId();
  const hasStore = !['pending'].includes(status);
  await f.db.query(
    `INSERT INTO orders (id, order_no, platform, merchant_id, product_title, quantity, customer_name, customer_phone, province, city, district,
       address, paid_amount, adjusted_amount, refunded_amount, unit_service_price, status, store_id, settle_amount, product_id, sku_id)
     VALUES ($1, $7, 'manual', $2, '空调清洗', 1, '李娜', '13800001111', '310000', '310100', '310115', '张江路 1 号',
       '200.00', '200.00', $3, $10, $4, $5, $6, $8, $9)`,
    [
      id,
      f.merchantId,
      status === 'refunded' ? '200.00' : '0.00',
      status,
      hasStore ? f.storeA : null,
      ['to_settle', 'settled'].includes(status) ? '60.00' : null,
      `SO${id}`,
      withSku ? f.productId : null,
      withSku ? f.skuId : null,
      withSku ? '60.00' : '0.00',
    ],
  );
  if (status === 'to_settle' || status === 'settled') {
    await f.db.query(`INSERT INTO settlements (id, order_id, store_id, amount, status, confirmed_by) VALUES ($1,$2,$3,'60.00',$4,$5)`, [
      f.nextId(),
      id,
      f.storeA,
      status === 'settled' ? 'settled' : 'confirmed',
      f.users.finance,
    ]);
  }
  return id;
}

async function snapshot(id: bigint) {
  const o = await f.db.query<{ j: string }>(`SELECT row_to_json(o)::text AS j FROM orders o WHERE id = $1`, [id]);
  const n = await f.db.query<{ logs: bigint; refunds: bigint; adj: bigint; works: bigint }>(
    `SELECT (SELECT count(*) FROM order_logs WHERE order_id = $1) AS logs, (SELECT count(*) FROM refunds WHERE order_id = $1) AS refunds,
            (SELECT count(*) FROM price_adjustments WHERE order_id = $1) AS adj, (SELECT count(*) FROM work_orders WHERE order_id = $1) AS works`,
    [id],
  );
  return { row: o.rows[0].j, ...n.rows[0] };
}

const REQUEST: Record<
  OrderAction,
  { path: string; body: (id: string) => Record<string, unknown>; idem?: boolean; expect: (from: OrderStatus) => OrderStatus }
> = {
  edit: { path: 'order/edit', body: (id) => ({ id, address: '世纪大道 100 号' }), expect: (s) => s },
  assignManual: { path: '/order/assign/manual', body: (id) => ({ id, storeId: String(f.storeB) }), expect: () => 'assigned' },
  assignAuto: { path: '/order/assign/auto', body: (id) => ({ ids: [id] }), expect: () => 'assigned' },
  workOrder: { path: '/order/workOrder', body: (id) => ({ id, workOrderType: 'install', appointmentAt: '2026-12-01T08:00:00Z' }), expect: () => 'in_service' },
  remark: { path: '/order/remark', body: (id) => ({ id, remark: '客户要求晚上上门' }), expect: (s) => s },
  close: { path: 'order/close', body: (id) => ({ id, reason: '客户取消' }), expect: () => 'closed' },
  adjustPrice: { path: 'order/adjustPrice', body: (id) => ({ id, newAmount: '150.00', reason: '优惠' }), idem: true, expect: (s) => s },
  refund: { path: 'order/refund', body: (id) => ({ id, refundAmount: '10.00', reason: '部分退款' }), idem: true, expect: (s) => s },
  confirmSettle: { path: 'order/confirmSettle', body: (id) => ({ id }), idem: true, expect: () => 'to_settle' },
  setSettleAmount: { path: 'order/setSettleAmount', body: (id) => ({ id, serviceAmount: '88.00' }), idem: true, expect: (s) => s },
  settle: { path: 'order/settle', body: (id) => ({ id }), idem: true, expect: () => 'settled' },
};

const ROLES: Role[] = ['admin', 'finance', 'dispatcher'];
const cases: [OrderStatus, OrderAction, Role][] = [];
for (const s of ORDER_STATUSES) for (const a of Object.keys(TRANSITIONS) as OrderAction[]) for (const r of ROLES) cases.push([s, a, r]);

describe('order state machine (status × action × role)', () => {
  it.each(cases)('%s + %s as %s', async (status, action, role) => {
    // "Enter settlement amount" is for orders without a service price (business-rules.test.ts: refused with one)
    const id = await orderIn(status, action !== 'setSettleAmount');
    const before = await snapshot(id);
    const spec = REQUEST[action];
    const t = TRANSITIONS[action];
    const roleOk = t.roles.length === 0 || (t.roles as readonly string[]).includes(role);
    const stateOk = (t.from as readonly string[]).includes(status);
    const res = await call(f, role, 'POST', spec.path, spec.body(String(id)), spec.idem ? { 'idempotency-key': `state-${++keyN}-${Date.now()}` } : {});
    const after = await snapshot(id);
    if (!roleOk) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300);
      expect(res.body.msg).toContain(zh(`enum.role.${t.roles[0]}`) === `enum.role.${t.roles[0]}` ? t.roles[0] : zh(`enum.role.${t.roles[0]}`));
      expect(after).toEqual(before);
      return;
    }
    if (role === 'dispatcher' && status === 'pending') {
      // Data scope: the dispatcher is bound to store A; a pending order has no store yet, so to it
      // the order does not exist.
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(40400);
      expect(after).toEqual(before);
      return;
    }
    if (!stateOk) {
      if (action === 'assignAuto') {
        // The bulk endpoint reports per order instead of failing the whole request.
        expect(res.body.code).toBe(0);
        expect(res.body.data.assigned).toBe(0);
        expect(res.body.data.failed[0]).toMatchObject({ reason: 'notPending' });
        expect(res.body.data.failed[0].message).toContain(zh(`enum.orderStatus.${status}`));
      } else {
        expect(res.status).toBe(409);
        expect(res.body.code).toBe(40900);
        expect(res.body.msg).toContain(zh(`enum.orderStatus.${status}`));
      }
      expect(after).toEqual(before);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const row = await f.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]);
    expect(row.rows[0].status).toBe(spec.expect(status));
    expect(Number(after.logs)).toBe(Number(before.logs) + 1);
    const log = await f.db.query<{ action: string; operator_id: bigint }>(
      'SELECT action, operator_id FROM order_logs WHERE order_id = $1 ORDER BY at DESC, id DESC LIMIT 1',
      [id],
    );
    expect(log.rows[0]).toMatchObject({ action, operator_id: f.users[role] });
  });
});

describe('schema and state machine agree', () => {
  const schema = JSON.parse(readFileSync(new URL('../../../schemas/order.json', import.meta.url), 'utf8'));
  it.each(Object.keys(TRANSITIONS).filter((a) => a !== 'remark') as OrderAction[])('action %s', (action) => {
    const a = schema.actions[action];
    expect([...a.when.status].sort()).toEqual([...TRANSITIONS[action].from].sort());
    // any other condition only narrows the action to the records it applies to (unitServicePrice: ["0.00"])
    expect(Object.keys(a.when).filter((k) => k !== 'status')).toEqual(action === 'setSettleAmount' ? ['unitServicePrice'] : []);
    expect(a.roles).toEqual([...TRANSITIONS[action].roles]);
    const binding = schema.api[action];
    expect(binding.roles).toEqual([...TRANSITIONS[action].roles]);
  });
  it('remark is open to every signed-in user in any status', () => {
    expect(schema.actions.remark.roles).toBeUndefined();
    expect(schema.actions.remark.when).toBeUndefined();
    expect(schema.api.remark.roles).toBeUndefined();
  });
});
