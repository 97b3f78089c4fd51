/**
 * Money-moving actions: adjust price, refund, confirm settlement, settle. Each runs in one
 * transaction with the order row locked (SELECT … FOR UPDATE); the HTTP layer adds the
 * Idempotency-Key (index.ts), so a repeated or concurrent request never applies twice.
 *
 * Invariants kept here (and by table CHECKs): 0 ≤ refunded ≤ adjusted ≤ paid; the settlement
 * amount always equals settlementAmount() of the row (recomputed whenever money moves after
 * confirmation).
 */
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import { writeLog } from './logs';
import { fromCents, toCents } from '../../core/money';
import { computedSettlement, needsServiceAmount, type OrderRow } from './record';
import { lockFor, type ActionDeps } from './service-actions';

/** Keeps a confirmed (not yet settled) settlement equal to the formula after money moved. */
async function syncSettlement(tx: Db, order: OrderRow): Promise<string | null> {
  if (order.status !== 'to_settle') return order.settle_amount;
  const amount = computedSettlement(order);
  await tx.query('UPDATE orders SET settle_amount = $2 WHERE id = $1', [order.id, amount]);
  await tx.query(`UPDATE settlements SET amount = $2 WHERE order_id = $1 AND status = 'confirmed'`, [order.id, amount]);
  return amount;
}

export async function adjustPrice({ db, nextId, actor, t }: ActionDeps, input: { id: bigint; newAmount: string; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'adjustPrice', t);
    const amount = toCents(input.newAmount);
    const display = fromCents(amount);
    if (amount > toCents(order.paid_amount)) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.amountAbovePaid', { amount: display, paid: order.paid_amount });
    }
    if (amount < toCents(order.refunded_amount)) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.amountBelowRefunded', { amount: display, refunded: order.refunded_amount });
    }
    if (amount === toCents(order.adjusted_amount)) throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.amountUnchanged');
    await tx.query(`INSERT INTO price_adjustments (id, order_id, before_amount, after_amount, reason, operator_id) VALUES ($1,$2,$3,$4,$5,$6)`, [
      nextId(),
      order.id,
      order.adjusted_amount,
      display,
      input.reason,
      actor.id ?? 0n,
    ]);
    await tx.query('UPDATE orders SET adjusted_amount = $2, updated_at = now() WHERE id = $1', [order.id, display]);
    const settle = await syncSettlement(tx, { ...order, adjusted_amount: display });
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'adjustPrice',
      { adjustedAmount: order.adjusted_amount, settleAmount: order.settle_amount },
      { adjustedAmount: display, settleAmount: settle },
      input.reason,
    );
  });
}

export async function refund({ db, nextId, actor, t }: ActionDeps, input: { id: bigint; refundAmount: string; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'refund', t);
    const amount = toCents(input.refundAmount);
    const refundableNow = toCents(order.adjusted_amount) - toCents(order.refunded_amount);
    if (amount <= 0n || amount > refundableNow) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.refundTooMuch', {
        amount: fromCents(amount),
        refundable: fromCents(refundableNow < 0n ? 0n : refundableNow),
      });
    }
    const full = amount === refundableNow;
    const refunded = fromCents(toCents(order.refunded_amount) + amount);
    const status = full ? 'refunded' : order.status;
    await tx.query(`INSERT INTO refunds (id, order_id, amount, kind, reason, operator_id) VALUES ($1,$2,$3,$4,$5,$6)`, [
      nextId(),
      order.id,
      fromCents(amount),
      full ? 'full' : 'partial',
      input.reason,
      actor.id ?? 0n,
    ]);
    await tx.query('UPDATE orders SET refunded_amount = $2, status = $3, updated_at = now() WHERE id = $1', [order.id, refunded, status]);
    if (full) await tx.query(`UPDATE work_orders SET status = 'cancelled' WHERE order_id = $1 AND status = 'open'`, [order.id]);
    // A confirmed settlement follows the money even when the order leaves to_settle by a full refund.
    const settle = await syncSettlement(tx, { ...order, refunded_amount: refunded });
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'refund',
      { status: order.status, refundedAmount: order.refunded_amount, refundAmount: null, settleAmount: order.settle_amount },
      { status, refundedAmount: refunded, refundAmount: fromCents(amount), settleAmount: settle },
      input.reason,
    );
  });
}

/**
 * Finance enters the settlement base of an order without a service price (entered without a SKU, so
 * 0.00 was snapshotted and the formula would give 0.00). At most what the customer paid: a store cannot earn
 * more for a job than the customer paid for it (the same rule as a SKU's service price ≤ its price).
 */
export async function setServiceAmount({ db, nextId, actor, t }: ActionDeps, input: { id: bigint; serviceAmount: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'setSettleAmount', t);
    if (toCents(order.unit_service_price) > 0n) {
      throw new HttpError(409, CODES.CONFLICT, 'server.order.settleAmountFromPrice', { price: order.unit_service_price });
    }
    const amount = toCents(input.serviceAmount);
    const display = fromCents(amount);
    if (amount <= 0n) throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.serviceAmountNotPositive', { field: t('order.serviceAmount') });
    if (amount > toCents(order.paid_amount)) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.serviceAmountAbovePaid', { amount: display, paid: order.paid_amount });
    }
    if (order.service_amount !== null && amount === toCents(order.service_amount)) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.serviceAmountUnchanged');
    }
    await tx.query('UPDATE orders SET service_amount = $2, updated_at = now() WHERE id = $1', [order.id, display]);
    await writeLog(tx, nextId, order.id, actor, 'setSettleAmount', { serviceAmount: order.service_amount }, { serviceAmount: display });
  });
}

export async function confirmSettle({ db, nextId, actor, t }: ActionDeps, input: { id: bigint }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'confirmSettle', t);
    if (order.store_id === null) throw new HttpError(409, CODES.CONFLICT, 'server.order.noStore');
    if (needsServiceAmount(order)) throw new HttpError(409, CODES.CONFLICT, 'server.order.settleAmountMissing', { orderNo: order.order_no });
    const amount = computedSettlement(order);
    await tx.query(`INSERT INTO settlements (id, order_id, store_id, amount, status, confirmed_by) VALUES ($1,$2,$3,$4,'confirmed',$5)`, [
      nextId(),
      order.id,
      order.store_id,
      amount,
      actor.id ?? 0n,
    ]);
    await tx.query(`UPDATE work_orders SET status = 'done' WHERE order_id = $1 AND status = 'open'`, [order.id]);
    await tx.query(`UPDATE orders SET status = 'to_settle', settle_amount = $2, updated_at = now() WHERE id = $1`, [order.id, amount]);
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'confirmSettle',
      { status: order.status, settleAmount: order.settle_amount },
      { status: 'to_settle', settleAmount: amount },
    );
  });
}

export async function settle({ db, nextId, actor, t }: ActionDeps, input: { id: bigint }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'settle', t);
    const amount = computedSettlement(order);
    await tx.query(`UPDATE settlements SET amount = $2, status = 'settled', settled_by = $3, settled_at = now() WHERE order_id = $1`, [
      order.id,
      amount,
      actor.id ?? 0n,
    ]);
    await tx.query(`UPDATE orders SET status = 'settled', settle_amount = $2, settled_at = now(), updated_at = now() WHERE id = $1`, [order.id, amount]);
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'settle',
      { status: order.status, settleAmount: order.settle_amount },
      { status: 'settled', settleAmount: amount },
    );
  });
}
