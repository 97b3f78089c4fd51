import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOrderBody, openFixture, type Fixture } from './test-fixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture({ databaseUrl: process.env.DATABASE_URL });
}, 180_000);
afterAll(async () => f?.close());

const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe('order happy path through HTTP', () => {
  it('adds, assigns, serves, adjusts, refunds, confirms and settles with exact ids and money', async () => {
    const add = await call(f, 'admin', 'POST', '/order/add', newOrderBody(f));
    expect(add.body.code).toBe(0);
    const order = add.body.data;
    expect(typeof order.id).toBe('bigint');
    expect(order.id > 2n ** 53n).toBe(true);
    expect(order).toMatchObject({
      status: 'pending',
      paidAmount: '200.00',
      adjustedAmount: '200.00',
      unitServicePrice: '60.00',
      productTitle: '空调清洗',
      skuName: '挂机',
      platform: 'taobao',
    });
    const id = String(order.id);

    const assign = await call(f, 'admin', 'POST', '/order/assign/manual', { id, storeId: String(f.storeA), staffId: String(f.staffOfA) });
    expect(assign.body.code).toBe(0);
    expect(assign.body.data).toMatchObject({ status: 'assigned', storeId: f.storeA, staffId: f.staffOfA, storeName: '浦东店' });

    const wo = await call(f, 'admin', 'POST', '/order/workOrder', { id, workOrderType: 'repair', appointmentAt: '2026-12-01T02:00:00.000Z', notes: '带梯子' });
    expect(wo.body.data.status).toBe('in_service');

    const adj = await call(f, 'finance', 'POST', '/order/adjustPrice', { id, newAmount: '180.00', reason: '优惠' }, { 'idempotency-key': key() });
    expect(adj.body.data).toMatchObject({ adjustedAmount: '180.00', refundable: '180.00' });

    const ref = await call(f, 'finance', 'POST', '/order/refund', { id, refundAmount: '30.00', reason: '部分退款' }, { 'idempotency-key': key() });
    expect(ref.body.data).toMatchObject({ refundedAmount: '30.00', refundable: '150.00', status: 'in_service' });

    const conf = await call(f, 'finance', 'POST', '/order/confirmSettle', { id }, { 'idempotency-key': key() });
    // 60.00 × 2 × (180 − 30) / 200 = 90.00
    expect(conf.body.data).toMatchObject({ status: 'to_settle', settleAmount: '90.00' });

    const set = await call(f, 'finance', 'POST', '/order/settle', { id }, { 'idempotency-key': key() });
    expect(set.body.data).toMatchObject({ status: 'settled', settleAmount: '90.00' });

    const detail = await call(f, 'dispatcher', 'GET', '/order/getById', { id });
    expect(detail.body.data.settlement).toMatchObject({ amount: '90.00', status: 'settled', storeId: f.storeA });
    expect(detail.body.data.refunds).toHaveLength(1);
    expect(detail.body.data.priceAdjustments).toHaveLength(1);
    expect(detail.body.data.workOrders[0]).toMatchObject({ type: 'repair', status: 'done' });

    const logs = await call(f, 'dispatcher', 'GET', '/order/logs', { id });
    expect(logs.body.data.map((l: any) => l.action)).toEqual(['add', 'assignManual', 'workOrder', 'adjustPrice', 'refund', 'confirmSettle', 'settle']);
    expect(logs.body.data[1]).toMatchObject({ operatorName: 'admin-nick', before: { status: 'pending' }, after: { status: 'assigned' } });
    // the ids an entry changed come with their names (the timeline shows them without a dictionary)
    expect(logs.body.data[1].names).toEqual({ storeId: { [String(f.storeA)]: '浦东店' }, staffId: { [String(f.staffOfA)]: '师傅甲' } });
    expect(logs.body.data[0].names).toBeNull();
  });
});
