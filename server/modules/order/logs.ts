/**
 * order_logs: every change to an order writes one row with who, when, the action and the changed
 * values before → after (only the keys that changed, as JSON).
 */
import type { Db } from '../../core/contract';
import { toIso } from '../../core/sql';
import type { OrderLog } from '../../../src/generated/types';
import { NAME_OF } from './record';

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

type Named = keyof typeof NAME_OF;
const NAMED = Object.keys(NAME_OF) as Named[];

/** The names the log's changed ids stand for, by field then id; null when it holds none. */
export type LogNames = Partial<Record<Named, Record<string, string>>>;

/**
 * The names of the merchants, shops, stores and staff whose ids the entries' `before`/`after` hold, as
 * they are now, in one query: the timeline shows a store by name without a dictionary of its own (the
 * store dictionary answers at most 50, and a store beyond them showed as its bare id).
 */
async function namesOf(db: Db, rows: LogRow[]): Promise<LogNames> {
  const keys: Named[] = [];
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const r of rows)
    for (const values of [r.before, r.after])
      for (const k of NAMED) {
        const v = values?.[k];
        const id = typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
        if (!/^\d{1,19}$/.test(id) || seen.has(`${k}:${id}`)) continue;
        seen.add(`${k}:${id}`);
        keys.push(k);
        ids.push(id);
      }
  if (!ids.length) return {};
  const { rows: named } = await db.query<{ k: Named; id: string; name: string | null }>(
    `SELECT x.k, x.id::text AS id, CASE x.k ${NAMED.map((k) => `WHEN '${k}' THEN ${NAME_OF[k]('x.id')}`).join(' ')} END AS name
       FROM unnest($1::text[], $2::int8[]) AS x(k, id)`,
    [keys, ids],
  );
  const out: LogNames = {};
  for (const n of named) if (n.name) (out[n.k] ??= {})[n.id] = n.name;
  return out;
}

/**
 * The log of one order, oldest first. `before`/`after` hold only order field names (the timeline shows
 * them with the fields' titles and displays); `names` gives the names of the ids they hold, by field
 * then id (`{ storeId: { "9172…": "好帮手（安溪店）" } }`), or null.
 */
export async function listLogs(db: Db, orderId: bigint): Promise<OrderLog<bigint>[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT id, order_id, operator_id, operator_name, action, before, after, remark, at
       FROM order_logs WHERE order_id = $1 ORDER BY at, id`,
    [orderId],
  );
  const names = await namesOf(db, rows);
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
    names: entryNames(names, r),
    at: toIso(r.at)!,
  }));
}

/** The names of one entry's own ids. */
function entryNames(names: LogNames, r: LogRow): LogNames | null {
  let out: LogNames | null = null;
  for (const k of NAMED)
    for (const v of [r.before?.[k], r.after?.[k]]) {
      const name = v === null || v === undefined ? undefined : names[k]?.[String(v)];
      if (name) ((out ??= {})[k] ??= {})[String(v)] = name;
    }
  return out;
}
