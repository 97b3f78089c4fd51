/**
 * The order's detail: its record (the resource layer, record.ts) with its work orders, price
 * adjustments, refunds and settlement.
 */
import type { Db } from '../../core/contract';
import type { ReadOptions } from '../../core/resource';
import { toIso } from '../../core/sql';
import { orders } from './record';

/** The order with its work orders, price adjustments, refunds and settlement; 404 when absent (or outside `opts.scope`). */
export async function getOrderDetail(db: Db, id: bigint, opts: ReadOptions = {}) {
  const order = await orders.get(db, id, opts);
  const [works, adjustments, refunds, settlement] = await Promise.all([
    db.query<any>(
      `SELECT w.id, w.type, w.appointment_at, w.staff_id, COALESCE(NULLIF(u.nickname, ''), u.username) AS staff_name, w.notes, w.status, w.created_at
         FROM work_orders w LEFT JOIN users u ON u.id = w.staff_id WHERE w.order_id = $1 ORDER BY w.created_at, w.id`,
      [id],
    ),
    db.query<any>(
      `SELECT a.id, a.before_amount, a.after_amount, a.reason, a.operator_id, COALESCE(NULLIF(u.nickname, ''), u.username) AS operator_name, a.at
         FROM price_adjustments a LEFT JOIN users u ON u.id = a.operator_id WHERE a.order_id = $1 ORDER BY a.at, a.id`,
      [id],
    ),
    db.query<any>(
      `SELECT r.id, r.amount, r.kind, r.reason, r.operator_id, COALESCE(NULLIF(u.nickname, ''), u.username) AS operator_name, r.at
         FROM refunds r LEFT JOIN users u ON u.id = r.operator_id WHERE r.order_id = $1 ORDER BY r.at, r.id`,
      [id],
    ),
    db.query<any>(
      `SELECT s.id, s.store_id, st.name AS store_name, s.amount, s.status, s.confirmed_by, s.confirmed_at, s.settled_by, s.settled_at
         FROM settlements s JOIN stores st ON st.id = s.store_id WHERE s.order_id = $1`,
      [id],
    ),
  ]);
  const s = settlement.rows[0];
  return {
    ...order,
    workOrders: works.rows.map((w) => ({
      id: w.id,
      type: w.type,
      appointmentAt: toIso(w.appointment_at),
      staffId: w.staff_id,
      staffName: w.staff_name,
      notes: w.notes,
      status: w.status,
      createdAt: toIso(w.created_at),
    })),
    priceAdjustments: adjustments.rows.map((a) => ({
      id: a.id,
      beforeAmount: a.before_amount,
      afterAmount: a.after_amount,
      reason: a.reason,
      operatorId: a.operator_id,
      operatorName: a.operator_name,
      at: toIso(a.at),
    })),
    refunds: refunds.rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      kind: r.kind,
      reason: r.reason,
      operatorId: r.operator_id,
      operatorName: r.operator_name,
      at: toIso(r.at),
    })),
    settlement: s
      ? {
          id: s.id,
          storeId: s.store_id,
          storeName: s.store_name,
          amount: s.amount,
          status: s.status,
          confirmedBy: s.confirmed_by,
          confirmedAt: toIso(s.confirmed_at),
          settledBy: s.settled_by,
          settledAt: toIso(s.settled_at),
        }
      : null,
  };
}
