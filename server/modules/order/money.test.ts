/**
 * Money rules: the settlement formula (unit), idempotency through HTTP, and property-based runs of
 * random action sequences that must never break refunded ≤ adjusted ≤ paid nor the settlement formula.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../core/money';
import { settlementAmount } from './money';
import { call, newOrderBody, openFixture, type Fixture, type Role } from './test-fixture';

describe('settlementAmount', () => {
  it('scales the service price by the share of the payment kept, rounding half up to cents', () => {
    expect(settlementAmount({ unitServicePrice: '60.00', quantity: 2, paidAmount: '200.00', adjustedAmount: '180.00', refundedAmount: '30.00' })).toBe('90.00');
    expect(settlementAmount({ unitServicePrice: '60.00', quantity: 1, paidAmount: '200.00', adjustedAmount: '200.00', refundedAmount: '0.00' })).toBe('60.00');
    // 33.33 × 1 × 100 / 300 = 11.11; 10.00 × 1 × 0.05/0.10 → 5.00; 0.01 × 1 × 1/2 = 0.005 → 0.01 (half up)
    expect(settlementAmount({ unitServicePrice: '33.33', quantity: 1, paidAmount: '300.00', adjustedAmount: '100.00', refundedAmount: '0.00' })).toBe('11.11');
    expect(settlementAmount({ unitServicePrice: '0.01', quantity: 1, paidAmount: '2.00', adjustedAmount: '1.00', refundedAmount: '0.00' })).toBe('0.01');
    expect(settlementAmount({ unitServicePrice: '0.01', quantity: 1, paidAmount: '3.00', adjustedAmount: '1.00', refundedAmount: '0.00' })).toBe('0.00');
    expect(settlementAmount({ unitServicePrice: '60.00', quantity: 1, paidAmount: '200.00', adjustedAmount: '150.00', refundedAmount: '150.00' })).toBe('0.00');
    expect(settlementAmount({ unitServicePrice: '60.00', quantity: 3, paidAmount: '0.00', adjustedAmount: '0.00', refundedAmount: '0.00' })).toBe('180.00');
  });
  it('never exceeds the base and never goes negative (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (unit, qty, paid, a, r) => {
          const adjusted = BigInt(Math.floor(paid * a));
          const refunded = BigInt(Math.floor(Number(adjusted) * r));
          const s = toCents(
            settlementAmount({
              unitServicePrice: fromCents(BigInt(unit)),
              quantity: qty,
              paidAmount: fromCents(BigInt(paid)),
              adjustedAmount: fromCents(adjusted),
              refundedAmount: fromCents(refunded),
            }),
          );
          expect(s >= 0n && s <= BigInt(unit) * BigInt(qty)).toBe(true);
        },
      ),
    );
  });
});

let f: Fixture;
beforeAll(async () => {
  f = await openFixture({ databaseUrl: process.env.DATABASE_URL });
}, 180_000);
afterAll(async () => f?.close());

let n = 0;
const key = () => `money-${++n}-${Date.now()}`;

async function newOrder(extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call(f, 'admin', 'POST', '/order/add', newOrderBody(f, extra));
  expect(r.body.code).toBe(0);
  return String(r.body.data.id);
}

describe('idempotency', () => {
  it('a repeated refund with the same key returns the first result and refunds once', async () => {
    const id = await newOrder();
    const k = key();
    const first = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '20.00', reason: '部分退款' }, { 'idempotency-key': k });
    const again = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '20.00', reason: '部分退款' }, { 'idempotency-key': k });
    expect(first.body.data.refundedAmount).toBe('20.00');
    expect(again.body).toEqual(first.body);
    const rows = await f.db.query<{ n: bigint }>('SELECT count(*) AS n FROM refunds WHERE order_id = $1', [BigInt(id)]);
    expect(Number(rows.rows[0].n)).toBe(1);
  });
  it('the same key with a different body is refused and changes nothing', async () => {
    const id = await newOrder();
    const k = key();
    await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '20.00', reason: '部分退款' }, { 'idempotency-key': k });
    const other = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '25.00', reason: '部分退款' }, { 'idempotency-key': k });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(40900);
    const o = await call(f, 'finance', 'GET', '/order/getById', { id });
    expect(o.body.data.refundedAmount).toBe('20.00');
  });
  it('a money action without a key is refused', async () => {
    const id = await newOrder();
    const r = await call(f, 'finance', 'POST', 'order/adjustPrice', { id, newAmount: '150.00', reason: '优惠' });
    expect(r.status).toBe(400);
    const o = await call(f, 'finance', 'GET', '/order/getById', { id });
    expect(o.body.data.adjustedAmount).toBe('200.00');
  });
  it('a refused action does not burn its key: the same key works once the request is valid', async () => {
    const id = await newOrder();
    const k = key();
    const tooMuch = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '999.00', reason: '退款' }, { 'idempotency-key': k });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.msg).toContain('200.00');
    const ok = await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '200.00', reason: '全额退款' }, { 'idempotency-key': key() });
    expect(ok.body.data).toMatchObject({ status: 'refunded', refundedAmount: '200.00', refundable: '0.00' });
  });
  it('price adjustments stay between the refunded and the paid amount', async () => {
    const id = await newOrder();
    await call(f, 'finance', 'POST', 'order/refund', { id, refundAmount: '50.00', reason: '退款' }, { 'idempotency-key': key() });
    const low = await call(f, 'finance', 'POST', 'order/adjustPrice', { id, newAmount: '40.00', reason: '降价' }, { 'idempotency-key': key() });
    expect(low.status).toBe(400);
    expect(low.body.msg).toContain('50.00');
    const high = await call(f, 'finance', 'POST', 'order/adjustPrice', { id, newAmount: '200.01', reason: '涨价' }, { 'idempotency-key': key() });
    expect(high.status).toBe(400);
    const ok = await call(f, 'finance', 'POST', 'order/adjustPrice', { id, newAmount: '50.00', reason: '降价' }, { 'idempotency-key': key() });
    expect(ok.body.data).toMatchObject({ adjustedAmount: '50.00', refundable: '0.00', status: 'pending' });
  });
});

type Act =
  | { kind: 'assign' }
  | { kind: 'workOrder' }
  | { kind: 'confirm' }
  | { kind: 'settle' }
  | { kind: 'close' }
  | { kind: 'adjust'; cents: number }
  | { kind: 'refund'; cents: number }
  | { kind: 'refundAll' };

const actArb: fc.Arbitrary<Act> = fc.oneof(
  fc.constant<Act>({ kind: 'assign' }),
  fc.constant<Act>({ kind: 'workOrder' }),
  fc.constant<Act>({ kind: 'confirm' }),
  fc.constant<Act>({ kind: 'settle' }),
  fc.constant<Act>({ kind: 'close' }),
  fc.constant<Act>({ kind: 'refundAll' }),
  fc.integer({ min: 0, max: 25000 }).map((cents) => ({ kind: 'adjust', cents }) as Act),
  fc.integer({ min: 1, max: 12000 }).map((cents) => ({ kind: 'refund', cents }) as Act),
);

async function run(id: string, a: Act) {
  const as = (role: Role, path: string, body: Record<string, unknown>, idem = false) =>
    call(f, role, 'POST', path, { id, ...body }, idem ? { 'idempotency-key': key() } : {});
  switch (a.kind) {
    case 'assign':
      return as('admin', '/order/assign/manual', { storeId: String(f.storeA) });
    case 'workOrder':
      return as('admin', '/order/workOrder', { workOrderType: 'repair', appointmentAt: '2026-12-02T01:00:00Z' });
    case 'confirm':
      return as('finance', 'order/confirmSettle', {}, true);
    case 'settle':
      return as('finance', 'order/settle', {}, true);
    case 'close':
      return as('admin', 'order/close', { reason: '客户取消' });
    case 'adjust':
      return as('finance', 'order/adjustPrice', { newAmount: fromCents(BigInt(a.cents)), reason: '改价' }, true);
    case 'refund':
      return as('finance', 'order/refund', { refundAmount: fromCents(BigInt(a.cents)), reason: '退款' }, true);
    case 'refundAll': {
      const o = await call(f, 'finance', 'GET', '/order/getById', { id });
      return as('finance', 'order/refund', { refundAmount: o.body.data.refundable, reason: '全额退款' }, true);
    }
  }
}

describe('random action sequences (property)', () => {
  it('keep refunded ≤ adjusted ≤ paid, the status rules, and the settlement equal to the formula', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actArb, { minLength: 1, maxLength: 10 }), async (acts) => {
        const id = await newOrder({ paidAmount: '200.00', quantity: 2 });
        for (const a of acts) {
          const before = (await call(f, 'finance', 'GET', '/order/getById', { id })).body.data;
          const res = await run(id, a);
          const o = (await call(f, 'finance', 'GET', '/order/getById', { id })).body.data;
          expect([0, 40000, 40900]).toContain(res.body.code);
          if (res.body.code !== 0) expect(o).toEqual(before); // refused: nothing changed
          const paid = toCents(o.paidAmount),
            adjusted = toCents(o.adjustedAmount),
            refunded = toCents(o.refundedAmount);
          expect(0n <= refunded && refunded <= adjusted && adjusted <= paid).toBe(true);
          expect(toCents(o.refundable)).toBe(adjusted - refunded);
          expect(o.refunds.reduce((s: bigint, r: any) => s + toCents(r.amount), 0n)).toBe(refunded);
          if (o.status === 'refunded') expect(refunded).toBe(adjusted);
          const formula = settlementAmount({
            unitServicePrice: o.unitServicePrice,
            quantity: o.quantity,
            paidAmount: o.paidAmount,
            adjustedAmount: o.adjustedAmount,
            refundedAmount: o.refundedAmount,
          });
          if (o.settlement) {
            expect(o.settleAmount).toBe(formula);
            expect(o.settlement.amount).toBe(formula);
            expect(o.settlement.status).toBe(o.status === 'settled' ? 'settled' : 'confirmed');
          } else {
            expect(o.settleAmount).toBeNull();
          }
          if (o.status === 'settled' || o.status === 'to_settle') expect(o.settlement).not.toBeNull();
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
