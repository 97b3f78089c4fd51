/**
 * Business rules of issue 13 point 9, through HTTP on a real database: an order entered without a
 * SKU gets its settlement amount entered by finance before it can be confirmed (and settles at that
 * amount, scaled by refunds like any other); a close shows its reason once in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOrderBody, openFixture, type Fixture } from './test-fixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture({ databaseUrl: process.env.DATABASE_URL });
}, 180_000);
afterAll(async () => f?.close());

let n = 0;
const key = () => ({ 'idempotency-key': `biz-${++n}-${Date.now()}` });
const EN = { 'x-locale': 'en-US' };

/** An order typed in without product or SKU (paid 200.00), assigned to store A and in service. */
async function orderWithoutSku(): Promise<{ id: string; orderNo: string }> {
  const add = await call(
    f,
    'admin',
    'POST',
    '/order/add',
    newOrderBody(f, { productId: undefined, skuId: undefined, productTitle: '上门疏通下水道', quantity: 1 }),
  );
  expect(add.body.code).toBe(0);
  expect(add.body.data).toMatchObject({ skuId: null, unitServicePrice: '0.00', serviceAmount: null, settlePreview: '0.00' });
  const id = String(add.body.data.id);
  expect((await call(f, 'admin', 'POST', '/order/assign/manual', { id, storeId: String(f.storeA) })).body.code).toBe(0);
  expect((await call(f, 'admin', 'POST', '/order/workOrder', { id, workOrderType: 'repair', appointmentAt: '2026-12-01T02:00:00Z' })).body.code).toBe(0);
  return { id, orderNo: add.body.data.orderNo };
}

const settlementsOf = async (id: string) =>
  Number((await f.db.query<{ n: bigint }>('SELECT count(*) AS n FROM settlements WHERE order_id = $1', [id])).rows[0].n);

describe('an order without a SKU: finance enters its settlement amount before confirming', () => {
  it('refuses confirmation until the amount is entered, then settles at it (scaled by a refund)', async () => {
    const { id, orderNo } = await orderWithoutSku();

    const early = await call(f, 'finance', 'POST', 'order/confirmSettle', { id }, key());
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(`订单 ${orderNo} 没有服务结算价（下单时未选 SKU），请先由财务「录入结算金额」，再确认结算`);
    const earlyEn = await call(f, 'finance', 'POST', 'order/confirmSettle', { id }, { ...key(), ...EN });
    expect(earlyEn.body.msg).toBe(
      `Order ${orderNo} has no service price (entered without a SKU): finance must first "Enter settlement amount", then confirm the settlement`,
    );
    expect(await settlementsOf(id)).toBe(0);
    expect((await call(f, 'finance', 'GET', '/order/getById', { id })).body.data.status).toBe('in_service');

    // finance only; above what the customer paid is refused naming both amounts
    expect((await call(f, 'admin', 'POST', 'order/setSettleAmount', { id, serviceAmount: '120.00' }, key())).status).toBe(403);
    const above = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '250.00' }, key());
    expect(above.status).toBe(400);
    expect(above.body.msg).toBe('服务结算金额 250.00 不能高于实付金额 200.00');
    const aboveEn = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '250.00' }, { ...key(), ...EN });
    expect(aboveEn.body.msg).toBe('The service settlement amount 250.00 cannot be above the paid amount 200.00');
    const zero = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '0.00' }, key());
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toContain('服务结算金额');

    const set = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '120' }, key());
    expect(set.body.code).toBe(0);
    expect(set.body.data).toMatchObject({ serviceAmount: '120.00', settlePreview: '120.00', status: 'in_service' });

    // the list row carries what the action's "when" needs (unitServicePrice "0.00") and the amount
    const list = await call(f, 'finance', 'GET', '/order/list', { orderNo, current: 1, pageSize: 10 });
    expect(list.body.data.list[0]).toMatchObject({ skuId: null, unitServicePrice: '0.00', serviceAmount: '120.00' });

    const refund = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '50.00', reason: '少做一项' }, key());
    expect(refund.body.data.settlePreview).toBe('90.00'); // 120.00 × (200 − 50) / 200
    const confirm = await call(f, 'finance', 'POST', 'order/confirmSettle', { id }, key());
    expect(confirm.body.data).toMatchObject({ status: 'to_settle', settleAmount: '90.00' });
    const settle = await call(f, 'finance', 'POST', 'order/settle', { id }, key());
    expect(settle.body.data).toMatchObject({ status: 'settled', settleAmount: '90.00' });
    const row = await f.db.query<{ amount: string; status: string }>('SELECT amount::text AS amount, status FROM settlements WHERE order_id = $1', [id]);
    expect(row.rows).toEqual([{ amount: '90.00', status: 'settled' }]);

    const logs = (await call(f, 'finance', 'GET', '/order/logs', { id })).body.data as any[];
    expect(logs.find((l) => l.action === 'setSettleAmount')).toMatchObject({
      title: 'order.log.setSettleAmount',
      operatorName: 'finance-nick',
      before: { serviceAmount: null },
      after: { serviceAmount: '120.00' },
    });
    // once settled the amount can no longer be changed
    const late = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '100.00' }, key());
    expect(late.status).toBe(409);
  });

  it("is not entered for an order with a service price (its SKU's price decides)", async () => {
    const add = await call(f, 'admin', 'POST', '/order/add', newOrderBody(f));
    const id = String(add.body.data.id);
    await call(f, 'admin', 'POST', '/order/assign/manual', { id, storeId: String(f.storeA) });
    await call(f, 'admin', 'POST', '/order/workOrder', { id, workOrderType: 'repair', appointmentAt: '2026-12-01T02:00:00Z' });
    const r = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '10.00' }, key());
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('该订单已有服务结算单价 60.00，结算金额按单价计算，无需录入');
    const en = await call(f, 'finance', 'POST', 'order/setSettleAmount', { id, serviceAmount: '10.00' }, { ...key(), ...EN });
    expect(en.body.msg).toBe('This order has a unit service price of 60.00: its settlement follows that price and is not entered');
    expect((await call(f, 'finance', 'GET', '/order/getById', { id })).body.data.serviceAmount).toBeNull();
  });
});

describe('closing an order', () => {
  it('keeps the reason once in the log: as the remark, not also as a changed value', async () => {
    const add = await call(f, 'admin', 'POST', '/order/add', newOrderBody(f));
    const id = String(add.body.data.id);
    const reason = '客户临时出差，取消上门';
    const close = await call(f, 'admin', 'POST', 'order/close', { id, reason });
    expect(close.body.data).toMatchObject({ status: 'closed', closeReason: reason });
    const logs = await call(f, 'admin', 'GET', '/order/logs', { id });
    const entry = (logs.body.data as any[]).find((l) => l.action === 'close');
    expect(entry).toMatchObject({ before: { status: 'pending' }, after: { status: 'closed' }, remark: reason });
    expect(logs.raw.split(reason).length - 1).toBe(1);
  });
});
