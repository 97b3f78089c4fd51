import { afterEach, expect, test, vi } from 'vitest';
import type { Db } from './contract';
import { ESTIMATE_TTL_MS, estimateClock, estimateRows } from './row-estimate';

afterEach(() => vi.restoreAllMocks());

/** A Db that answers EXPLAIN with `rows` and counts the statements it was asked. */
function planner(rows: () => number): Db & { statements: string[] } {
  const statements: string[] = [];
  return {
    kind: 'postgres',
    statements,
    async query<T>(sql: string) {
      statements.push(sql);
      return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows() } }] }] as T[] };
    },
    transaction: (fn) => fn(undefined as never),
    close: async () => undefined,
  };
}

const where = { sql: 'WHERE o.status = $1', params: ['pending'] };

test('the estimate for a search is reused for ESTIMATE_TTL_MS, then asked again', async () => {
  let n = 80_000;
  const db = planner(() => n);
  vi.spyOn(estimateClock, 'now').mockReturnValue(1_000_000);
  expect(await estimateRows(db, 'orders o', where)).toBe(80_000);
  n = 90_000;
  vi.spyOn(estimateClock, 'now').mockReturnValue(1_000_000 + ESTIMATE_TTL_MS - 1);
  expect(await estimateRows(db, 'orders o', where)).toBe(80_000);
  expect(db.statements).toHaveLength(1);
  vi.spyOn(estimateClock, 'now').mockReturnValue(1_000_000 + ESTIMATE_TTL_MS);
  expect(await estimateRows(db, 'orders o', where)).toBe(90_000);
  expect(db.statements).toHaveLength(2);
});

test('kept apart per search (table, clause and values) and per database', async () => {
  const a = planner(() => 1);
  const b = planner(() => 2);
  await estimateRows(a, 'orders o', where);
  await estimateRows(a, 'orders o', { sql: where.sql, params: ['settled'] });
  await estimateRows(a, 'orders o', { sql: 'WHERE o.platform = $1', params: ['pending'] });
  await estimateRows(a, 'logistics_orders l', where);
  expect(a.statements).toHaveLength(4);
  expect(await estimateRows(b, 'orders o', where)).toBe(2);
  expect(b.statements).toHaveLength(1);
});
