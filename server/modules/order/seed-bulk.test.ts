/**
 * The benchmark seed (set-based generate_series) and the bounded count strategy it exists to exercise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrders } from './seed';
import { EXACT_COUNT_LIMIT } from '../../core/row-estimate';
import { call, openFixture, type Fixture } from './test-fixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture({ databaseUrl: process.env.DATABASE_URL });
}, 180_000);
afterAll(async () => f?.close());

describe('benchmark seed and counts', () => {
  it('adds N consistent orders in one pass, rebuilding every index it dropped', async () => {
    const indexes = async () =>
      (
        await f.db.query<{ name: string }>(
          `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('orders', 'order_logs') ORDER BY 1`,
        )
      ).rows.map((r) => r.name);
    const before = await indexes();
    const started = Date.now();
    await f.db.transaction((tx) => seedOrders({ db: tx, nextId: f.nextId, demo: false, options: { orders: 60_000 } }));
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(await indexes()).toEqual(before);
    const bad = await f.db.query<{ n: bigint; total: bigint }>(`SELECT count(*) FILTER (WHERE
         NOT (refunded_amount <= adjusted_amount AND adjusted_amount <= paid_amount)
      OR (status IN ('assigned', 'in_service', 'to_settle', 'settled') AND store_id IS NULL)
      OR (status = 'refunded' AND refunded_amount <> adjusted_amount)
      OR (status IN ('to_settle', 'settled') AND settle_amount <> round(unit_service_price * quantity * (adjusted_amount - refunded_amount) / paid_amount, 2))
      OR id <= 9007199254740992) AS n, count(*) AS total FROM orders`);
    expect(Number(bad.rows[0].total)).toBe(60_000);
    expect(Number(bad.rows[0].n)).toBe(0);
    // Foreign-key checks may have been skipped while inserting: every reference must still resolve.
    const dangling = await f.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM merchants m WHERE m.id = o.merchant_id)
         OR (o.store_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id AND s.merchant_id = o.merchant_id))`);
    expect(Number(dangling.rows[0].n)).toBe(0);
    const logs = await f.db.query<{ n: bigint }>('SELECT count(DISTINCT order_id) AS n FROM order_logs');
    expect(Number(logs.rows[0].n)).toBe(60_000);
  }, 180_000);

  it('counts exactly up to the limit and estimates beyond it', async () => {
    const all = await call(f, 'finance', 'GET', '/order/list', { pageSize: 5 });
    expect(all.body.data.totalExact).toBe(false);
    expect(all.body.data.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(all.body.data.total - 60_000)).toBeLessThan(6_000);

    const pending = await call(f, 'finance', 'GET', '/order/list', { status: 'pending', pageSize: 5 });
    const real = await f.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM orders WHERE status = 'pending'`);
    expect(Number(real.rows[0].n)).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    expect(pending.body.data).toMatchObject({ total: Number(real.rows[0].n), totalExact: true });

    const counts = await call(f, 'finance', 'GET', '/order/count');
    expect(counts.body.data.pending).toBe(Number(real.rows[0].n));
    expect(counts.body.data.settled).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });
});
