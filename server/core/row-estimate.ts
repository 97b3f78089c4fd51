/**
 * Counting a search fast at any size (a resource's `count: 'estimated'`, resource.ts): PostgreSQL's
 * row estimate for the search, remembered for a few seconds per database, table and WHERE clause, and
 * an exact count bounded to EXACT_COUNT_LIMIT + 1 rows when the estimate is small.
 *
 * The estimate comes from table statistics (planning only, no scan) and is approximate by nature, so
 * a 10 s old one is as good as a new one; asking again cost a round trip and a plan on every list call
 * (a third of the order list's database statements at 1M orders). Only the estimate is kept: exact
 * counts and pages are always read fresh.
 *
 * @example
 * const w = orders.whereOf(input);
 * await estimateRows(db, 'orders o', w);   // 1000069 for "all orders" at 1M
 * await fastCount(db, 'orders o', w);      // { n: 1000069, exact: false }
 */
import type { Db } from './contract';

/** How long an estimate is reused. */
export const ESTIMATE_TTL_MS = 10_000;
/** Distinct searches remembered per database; the oldest is dropped beyond this. */
const MAX_ENTRIES = 1000;
/** Up to this many matches a count is exact; beyond it the planner's estimate is used. */
export const EXACT_COUNT_LIMIT = 10_000;
/** An estimate above this is trusted without counting: it would take a 5× misestimate to hide a small result. */
const ESTIMATE_TRUSTED_ABOVE = 5 * EXACT_COUNT_LIMIT;

interface Entry {
  rows: number;
  until: number;
}

// Per Db object, so test apps (and instances) on different databases never share estimates.
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Clock of the cache; tests move it. */
export const estimateClock = { now: () => Date.now() };

/** A WHERE clause ('' or 'WHERE …') and its parameters. */
export interface WhereSql {
  sql: string;
  params: unknown[];
}

// The SQL fixes each parameter's type (text, int8, timestamptz…), so the values as strings suffice.
const keyOf = (from: string, where: WhereSql) => from + '\n' + where.sql + JSON.stringify(where.params.map(String));

/** The planner's row estimate of `SELECT 1 FROM <from> <where>`, reused for ESTIMATE_TTL_MS. */
export async function estimateRows(db: Db, from: string, where: WhereSql): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = keyOf(from, where);
  const now = estimateClock.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.rows;
  const rows = await planRows(db, from, where);
  cache.delete(key); // re-inserted last: the Map's order is the age order
  cache.set(key, { rows, until: now + ESTIMATE_TTL_MS });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return rows;
}

async function planRows(db: Db, from: string, where: WhereSql): Promise<number> {
  const plan = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${where.sql}`, where.params);
  let doc = Object.values(plan.rows[0])[0] as unknown;
  if (typeof doc === 'string') doc = JSON.parse(doc);
  return Math.round(Number((doc as { Plan: { 'Plan Rows': number } }[])[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * Counts the rows of `from` matching `where` fast at any size. The estimate comes first (no scan):
 * when it is far above EXACT_COUNT_LIMIT ("all orders", a busy status tab) it is the answer, marked
 * approximate. Otherwise an exact count that stops after EXACT_COUNT_LIMIT + 1 index entries, so
 * every search a user narrows down is exact.
 */
export async function fastCount(db: Db, from: string, where: WhereSql): Promise<{ n: number; exact: boolean }> {
  const estimate = await estimateRows(db, from, where);
  if (estimate > ESTIMATE_TRUSTED_ABOVE) return { n: estimate, exact: false };
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} ${where.sql} LIMIT ${EXACT_COUNT_LIMIT + 1}) x`,
    where.params,
  );
  const n = Number(rows[0].n);
  if (n <= EXACT_COUNT_LIMIT) return { n, exact: true };
  return { n: Math.max(EXACT_COUNT_LIMIT + 1, estimate), exact: false };
}
