/**
 * Reading shipments: search filters shared by list and count (prefix matches for tracking no, order
 * no, receiver name and phone; exact for carrier, status, merchant; inclusive created range), the
 * page ordered by created_at DESC, id DESC, per-status counts, one record, and the tracking events.
 */
import type { Db } from '../../core/contract';
import { scopeSql, type RowRestriction } from '../../core/data-scope';
import { likePrefix, toIso, Where } from '../../core/sql';
import { LOGISTICS_COLUMNS, LOGISTICS_FROM, toRecord, type LogisticsRow } from './record';
import { LOGISTICS_STATUSES } from './status';

type Text = (status: string) => string;

/** Scope tables for logistics' "via" rule (store-bound users reach shipments of their store's orders). */
export const SCOPE_TABLES = { order: 'orders' };

/** The search filters, with the user's data scope (server/core/data-scope.ts) ANDed in. */
export function buildWhere(input: Record<string, any>, withStatus = true, scope: RowRestriction | null = null): { sql: string; params: unknown[] } {
  const w = new Where();
  const add = (sql: string, value: unknown) => w.add((p) => sql.replace('?', p(value)));
  const s = (name: string) => (typeof input[name] === 'string' && input[name].trim() !== '' ? (input[name] as string).trim() : null);
  if (s('trackingNo')) add('l.tracking_no LIKE ?', likePrefix(s('trackingNo')!.toUpperCase()));
  if (s('carrier')) add('l.carrier = ?', s('carrier'));
  if (withStatus && s('status')) add('l.status = ?', s('status'));
  if (s('orderNo')) add('l.order_id IN (SELECT id FROM orders WHERE order_no LIKE ?)', likePrefix(s('orderNo')!));
  if (s('receiverName')) add('l.receiver_name LIKE ?', likePrefix(s('receiverName')!));
  if (s('receiverPhone')) add('l.receiver_phone LIKE ?', likePrefix(s('receiverPhone')!));
  if (s('merchantId') && /^\d{1,19}$/.test(s('merchantId')!)) add('l.merchant_id = ?', BigInt(s('merchantId')!));
  if (s('createdAtFrom')) add('l.created_at >= ?::timestamptz', s('createdAtFrom'));
  if (s('createdAtTo')) add('l.created_at <= ?::timestamptz', s('createdAtTo'));
  const scoped = scopeSql(scope, w.params, 'l', SCOPE_TABLES);
  if (scoped) w.add(scoped);
  return { sql: w.sql, params: w.params };
}

export async function listShipments(db: Db, input: Record<string, any>, text: Text, scope: RowRestriction | null = null) {
  const current = Math.max(1, Number(input.current ?? 1));
  const pageSize = Math.min(200, Math.max(1, Number(input.pageSize ?? 20)));
  const where = buildWhere(input, true, scope);
  const n = where.params.length;
  const [page, count] = await Promise.all([
    db.query<LogisticsRow>(
      `SELECT ${LOGISTICS_COLUMNS} FROM ${LOGISTICS_FROM} ${where.sql}
        ORDER BY l.created_at DESC, l.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, pageSize, (current - 1) * pageSize],
    ),
    db.query<{ n: bigint }>(`SELECT count(*) AS n FROM logistics_orders l ${where.sql}`, where.params),
  ]);
  return { list: page.rows.map((r) => toRecord(r, text)), total: Number(count.rows[0].n), current, pageSize };
}

/** Counts per status under the filters except status itself (the tabs). */
export async function countShipments(db: Db, input: Record<string, any>, scope: RowRestriction | null = null): Promise<Record<string, number>> {
  const where = buildWhere(input, false, scope);
  const { rows } = await db.query<{ status: string; n: bigint }>(
    `SELECT l.status, count(*) AS n FROM logistics_orders l ${where.sql} GROUP BY l.status`,
    where.params,
  );
  const out: Record<string, number> = {};
  for (const st of LOGISTICS_STATUSES) out[st] = 0;
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export async function readShipment(db: Db, id: bigint): Promise<LogisticsRow | null> {
  const { rows } = await db.query<LogisticsRow>(`SELECT ${LOGISTICS_COLUMNS} FROM ${LOGISTICS_FROM} WHERE l.id = $1`, [id]);
  return rows[0] ?? null;
}

interface EventRow {
  id: bigint;
  status: string;
  description: string;
  location: string | null;
  at: Date;
  received_at: Date;
}

/**
 * Tracking events, oldest first, shaped for the built-in "timeline" slot: `action` is the status
 * label in the request locale, `operator` the location (or the carrier's name), `remark` the text.
 */
export async function listEvents(db: Db, id: bigint, statusLabel: Text, systemText: Text, carrierName: string) {
  const { rows } = await db.query<EventRow>(
    'SELECT id, status, description, location, at, received_at FROM logistics_events WHERE logistics_id = $1 ORDER BY at, id',
    [id],
  );
  return rows.map((e) => ({
    id: e.id,
    status: e.status,
    action: statusLabel(e.status),
    operator: e.location || carrierName,
    location: e.location,
    remark: e.description || systemText(e.status),
    description: e.description,
    at: toIso(e.at),
    receivedAt: toIso(e.received_at),
  }));
}
