/**
 * PostgreSQL's row estimate for a search of orders, remembered for a few seconds per database and
 * WHERE clause. The estimate comes from table statistics (planning only, no scan) and is approximate
 * by nature, so a 10 s old one is as good as a new one; asking again cost a round trip and a plan on
 * every list call (a third of the list's database statements). Only the estimate is kept: exact
 * counts and pages are always read fresh.
 *
 * @example
 * const rows = await estimateRows(db, buildWhere(input)); // 1000069 for "all orders" at 1M
 */
import type { Db } from '../../core/contract';

/** How long an estimate is reused. */
export const ESTIMATE_TTL_MS = 10_000;
/** Distinct searches remembered per database; the oldest is dropped beyond this. */
const MAX_ENTRIES = 1000;

interface Entry {
  rows: number;
  until: number;
}

// Per Db object, so test apps (and instances) on different databases never share estimates.
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Clock of the cache; tests move it. */
export const estimateClock = { now: () => Date.now() };

/** A WHERE clause of orders (alias o) and its parameters, as query.ts builds them. */
export interface Where {
  sql: string;
  params: unknown[];
}

// The SQL fixes each parameter's type (text, int8, timestamptz…), so the values as strings suffice.
const keyOf = (where: Where) => where.sql + JSON.stringify(where.params.map(String));

export async function estimateRows(db: Db, where: Where): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = keyOf(where);
  const now = estimateClock.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.rows;
  const rows = await planRows(db, where);
  cache.delete(key); // re-inserted last: the Map's order is the age order
  cache.set(key, { rows, until: now + ESTIMATE_TTL_MS });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return rows;
}

async function planRows(db: Db, where: Where): Promise<number> {
  const plan = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM orders o ${where.sql}`, where.params);
  let doc = Object.values(plan.rows[0])[0] as unknown;
  if (typeof doc === 'string') doc = JSON.parse(doc);
  return Math.round(Number((doc as { Plan: { 'Plan Rows': number } }[])[0]?.Plan?.['Plan Rows'] ?? 0));
}
