/**
 * order_logs: every change to an order writes one row with who, when, the action and the changed
 * values before → after (only the keys that changed, as JSON).
 */
import type { Db } from '../../core/contract';
import { toIso } from '../../core/sql';
import type { OrderLog } from '../../../src/generated/types';

/** Who did something: a signed-in user, or the system (imports, auto-assign on arrival). */
export interface Actor {
  id: bigint | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: 'system' };

export async function writeLog(
  db: Db,
  nextId: () => bigint,
  orderId: bigint,
  actor: Actor,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  remark: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO order_logs (id, order_id, operator_id, operator_name, action, before, after, remark)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [nextId(), orderId, actor.id, actor.name, action, json(before), json(after), remark],
  );
}

function json(v: Record<string, unknown> | null): string | null {
  if (v === null) return null;
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

interface LogRow {
  id: bigint;
  order_id: bigint;
  operator_id: bigint | null;
  operator_name: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  remark: string | null;
  at: Date;
}

/**
 * The log of one order, oldest first. `before`/`after` hold only order field names (the timeline shows
 * them with the fields' titles and displays).
 */
export async function listLogs(db: Db, orderId: bigint): Promise<OrderLog<bigint>[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT id, order_id, operator_id, operator_name, action, before, after, remark, at
       FROM order_logs WHERE order_id = $1 ORDER BY at, id`,
    [orderId],
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    action: r.action,
    title: `order.log.${r.action}`,
    operatorId: r.operator_id,
    // The system (imports, auto-assign on arrival) has no name of its own: the timeline labels it.
    operatorName: r.operator_id === null && r.operator_name === SYSTEM_ACTOR.name ? null : r.operator_name,
    before: r.before,
    after: r.after,
    remark: r.remark,
    at: toIso(r.at)!,
  }));
}
