/**
 * Concurrency on PostgreSQL (skipped without DATABASE_URL): several server instances (own pg pools)
 * hammer the same orders. Money actions apply exactly once; auto-assign assigns every order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOrderBody, openFixture, type Fixture } from './test-fixture';

const url = process.env.DATABASE_URL;
let f: Fixture;
let instances: Pick<Fixture, 'app' | 'tokens'>[] = [];

describe.skipIf(!url)('order concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    f = await openFixture({ databaseUrl: url });
    instances = [f, await f.instance(), await f.instance(), await f.instance()];
  }, 180_000);
  afterAll(async () => f?.close());

  const newOrder = async (extra: Record<string, unknown> = {}) => {
    const r = await call(f, 'admin', 'POST', '/order/add', newOrderBody(f, extra));
    expect(r.body.code).toBe(0);
    return String(r.body.data.id);
  };
  const count = async (sql: string, id: string) => Number((await f.db.query<{ n: bigint }>(sql, [BigInt(id)])).rows[0].n);

  it('50 concurrent refunds with one key apply once and all get the same answer', async () => {
    const id = await newOrder();
    const k = `same-key-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(instances[i % instances.length], 'finance', 'POST', 'order/refund', { id, refundAmount: '30.00', reason: '部分退款' }, { 'idempotency-key': k }),
      ),
    );
    for (const r of results) expect(r.body.code).toBe(0);
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    expect(await count('SELECT count(*) AS n FROM refunds WHERE order_id = $1', id)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM order_logs WHERE order_id = $1 AND action = 'refund'`, id)).toBe(1);
  });

  it('50 concurrent full refunds with distinct keys: exactly one applies, the rest are refused', async () => {
    const id = await newOrder();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          instances[i % instances.length],
          'finance',
          'POST',
          'order/refund',
          { id, refundAmount: '200.00', reason: '全额退款' },
          { 'idempotency-key': `full-${i}-${Date.now()}` },
        ),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 40900)).toHaveLength(49);
    expect(await count('SELECT count(*) AS n FROM refunds WHERE order_id = $1', id)).toBe(1);
    const o = await call(f, 'finance', 'GET', '/order/getById', { id });
    expect(o.body.data).toMatchObject({ status: 'refunded', refundedAmount: '200.00' });
  });

  it('50 concurrent partial refunds with distinct keys never exceed the refundable amount', async () => {
    const id = await newOrder();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          instances[i % instances.length],
          'finance',
          'POST',
          'order/refund',
          { id, refundAmount: '15.00', reason: '部分退款' },
          { 'idempotency-key': `part-${i}-${Date.now()}` },
        ),
      ),
    );
    // 200.00 / 15.00: 13 refunds fit (195.00); the 14th and later exceed what is left.
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(13);
    const o = await call(f, 'finance', 'GET', '/order/getById', { id });
    expect(o.body.data).toMatchObject({ refundedAmount: '195.00', refundable: '5.00', status: 'pending' });
  });

  it('50 concurrent settles (one key, then distinct keys) settle once', async () => {
    for (const sameKey of [true, false]) {
      const id = await newOrder();
      await call(f, 'admin', 'POST', '/order/assign/manual', { id, storeId: String(f.storeA) });
      await call(f, 'admin', 'POST', '/order/workOrder', { id, workOrderType: 'install', appointmentAt: '2026-12-01T08:00:00Z' });
      await call(f, 'finance', 'POST', 'order/confirmSettle', { id }, { 'idempotency-key': `c-${id}` });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(
            instances[i % instances.length],
            'finance',
            'POST',
            'order/settle',
            { id },
            { 'idempotency-key': sameKey ? `settle-${id}` : `settle-${id}-${i}` },
          ),
        ),
      );
      if (sameKey) expect(results.every((r) => r.body.code === 0)).toBe(true);
      else {
        expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
        expect(results.filter((r) => r.body.code === 40900)).toHaveLength(49);
      }
      expect(await count(`SELECT count(*) AS n FROM order_logs WHERE order_id = $1 AND action = 'settle'`, id)).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM settlements WHERE order_id = $1 AND status = 'settled'`, id)).toBe(1);
    }
  });

  it('20 concurrent auto-assign runs over 4 instances assign each order exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await newOrder({ customerName: `并发${i}` }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(instances[i % instances.length], 'admin', 'POST', '/order/assign/auto', { ids: i % 2 ? ids : [...ids].reverse() }),
      ),
    );
    for (const r of results) expect(r.body.code).toBe(0);
    expect(results.reduce((s, r) => s + r.body.data.assigned, 0)).toBe(30);
    for (const r of results) for (const fail of r.body.data.failed) expect(['notPending', 'busy']).toContain(fail.reason);
    const { rows } = await f.db.query<{ order_id: bigint; n: bigint }>(
      `SELECT order_id, count(*) AS n FROM order_logs WHERE order_id = ANY($1::int8[]) AND action = 'assignAuto' GROUP BY order_id`,
      [ids],
    );
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const st = await f.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM orders WHERE id = ANY($1::int8[]) AND status = 'assigned'`, [ids]);
    expect(Number(st.rows[0].n)).toBe(30);
  });
});
