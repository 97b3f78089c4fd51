/**
 * The list page's rows, each read as one JSON array built by the database and turned back into the
 * OrderRow that readOrder would give (then toRecord as usual).
 *
 * Why: a page of 20 orders is 800 fields, and the drivers pay per field — PGlite's JavaScript protocol
 * parser most (0.4 of the 1.4 ms a page query took there), node-postgres ~0.13 ms of server CPU — while
 * one text field per row goes through the native JSON.parse. Exactness: ids and money travel as text,
 * timestamps as ISO text with their offset, which Date reads as pg-types does (truncated to the
 * millisecond); text[] is a JSON array of strings.
 *
 * @example
 * const { rows } = await db.query<{ r: string }>(`SELECT ${PAGE_ROW} FROM orders o WHERE … LIMIT 20`);
 * rows.map((x) => toRecord(pageRow(x.r)));
 */
import type { OrderRow } from './record';

type Kind = 'id' | 'money' | 'time' | 'plain';

/** Order of the JSON array: [field of OrderRow, SQL over `orders o`, how it travels]. */
const FIELDS: readonly (readonly [keyof OrderRow, string, Kind])[] = [
  ['id', 'o.id', 'id'],
  ['order_no', 'o.order_no', 'plain'],
  ['source', 'o.source', 'plain'],
  ['platform', 'o.platform', 'plain'],
  ['platform_trade_no', 'o.platform_trade_no', 'plain'],
  ['shop_id', 'o.shop_id', 'id'],
  ['merchant_id', 'o.merchant_id', 'id'],
  ['product_id', 'o.product_id', 'id'],
  ['sku_id', 'o.sku_id', 'id'],
  ['product_title', 'o.product_title', 'plain'],
  ['sku_name', 'o.sku_name', 'plain'],
  ['quantity', 'o.quantity', 'plain'],
  ['customer_name', 'o.customer_name', 'plain'],
  ['customer_phone', 'o.customer_phone', 'plain'],
  ['province', 'o.province', 'plain'],
  ['city', 'o.city', 'plain'],
  ['district', 'o.district', 'plain'],
  ['address', 'o.address', 'plain'],
  ['paid_amount', 'o.paid_amount', 'money'],
  ['adjusted_amount', 'o.adjusted_amount', 'money'],
  ['refunded_amount', 'o.refunded_amount', 'money'],
  ['settle_amount', 'o.settle_amount', 'money'],
  ['unit_service_price', 'o.unit_service_price', 'money'],
  ['service_amount', 'o.service_amount', 'money'],
  ['status', 'o.status', 'plain'],
  ['store_id', 'o.store_id', 'id'],
  ['staff_id', 'o.staff_id', 'id'],
  ['remark', 'o.remark', 'plain'],
  ['attachments', 'o.attachments', 'plain'],
  ['close_reason', 'o.close_reason', 'plain'],
  ['created_at', 'o.created_at', 'time'],
  ['assigned_at', 'o.assigned_at', 'time'],
  ['settled_at', 'o.settled_at', 'time'],
  ['closed_at', 'o.closed_at', 'time'],
  ['updated_at', 'o.updated_at', 'time'],
  // Names by scalar subquery, as in ORDER_COLUMNS_BY_SUBQUERY (record.ts): cheap to plan.
  ['merchant_name', '(SELECT m.name FROM merchants m WHERE m.id = o.merchant_id)', 'plain'],
  ['shop_name', '(SELECT sh.name FROM shops sh WHERE sh.id = o.shop_id)', 'plain'],
  ['store_name', '(SELECT st.name FROM stores st WHERE st.id = o.store_id)', 'plain'],
  ['staff_name', `(SELECT COALESCE(NULLIF(u.nickname, ''), u.username) FROM users u WHERE u.id = o.staff_id)`, 'plain'],
];

/** The select-list item: one text column `r` per order. */
export const PAGE_ROW = `json_build_array(${FIELDS.map(([, sql, kind]) => (kind === 'id' || kind === 'money' ? `${sql}::text` : sql)).join(', ')})::text AS r`;

/** One `r` back to the row readOrder returns (bigint ids, decimal strings, Dates). */
export function pageRow(json: string): OrderRow {
  const values = JSON.parse(json) as unknown[];
  const row: Record<string, unknown> = {};
  for (let i = 0; i < FIELDS.length; i++) {
    const [name, , kind] = FIELDS[i];
    const v = values[i];
    row[name] = v === null ? null : kind === 'id' ? BigInt(v as string) : kind === 'time' ? new Date(v as string) : v;
  }
  return row as unknown as OrderRow;
}
