/**
 * Crash safety: the real server process is SIGKILLed again and again while money operations (refunds
 * and price adjustments, each with its own Idempotency-Key) are in flight; it is restarted on the
 * same data, every unanswered operation is retried with the same key, then every operation once more.
 * Reconciled from the database: every acknowledged operation is there exactly once, none twice, and
 * every order's amounts are what the acknowledged operations make them.
 * PGlite by default; PostgreSQL when DATABASE_URL is set (`npm test` runs both).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type SqlDb } from '../core/db';
import { seededDataDir } from './helper';
import { api, freePort, signIn, spawnServer, type ApiResult, type ServerProcess } from './instances';

const url = process.env.DATABASE_URL;
const backend = url ? 'PostgreSQL' : 'PGlite';
const ORDERS = 10;
const OPS_PER_ORDER = 14;
const KILLS = 3;

interface Op {
  key: string;
  orderId: string;
  kind: 'refund' | 'adjustPrice';
  /** cents */
  amount: bigint;
  body: Record<string, string>;
  /** the first successful answer */
  answer?: string;
}

const cents = (s: string) => BigInt(Math.round(Number(s) * 100));
const yuan = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ServerProcess | undefined;
let dataDir: string | undefined;
const schema = `crash_${process.pid}_${randomBytes(3).toString('hex')}`;

afterAll(async () => {
  await server?.stop({ keepData: true });
  if (url) {
    const db = await openDb({ dataDir: '.', databaseUrl: url, schema, poolSize: 1 });
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`SIGKILL during money operations (${backend})`, () => {
  it(`${KILLS} kills mid-flight: no acknowledged operation lost, none applied twice`, async () => {
    dataDir = url ? undefined : await seededDataDir();
    const port = await freePort();
    const env: Record<string, string> = url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {};
    const start = () => spawnServer(env, { dataDir, port });
    server = await start();
    const base = server.url;
    const finance = await signIn(base, 'finance', 'finance123');

    // orders that can take the plan: pending, nothing refunded, at least ¥40 paid
    const list = await api(base, 'GET', '/api/order/list', { token: finance, query: { status: 'pending', current: '1', pageSize: '50' } });
    const orders: { id: string; adjusted: bigint; refunded: bigint }[] = [];
    for (const row of list.body.data.list as { id: string }[]) {
      const o = (await api(base, 'GET', '/api/order/getById', { token: finance, query: { id: String(row.id) } })).body.data;
      if (cents(o.refundedAmount) === 0n && cents(o.adjustedAmount) >= 4000n && o.adjustedAmount === o.paidAmount) {
        orders.push({ id: String(o.id), adjusted: cents(o.adjustedAmount), refunded: 0n });
      }
      if (orders.length === ORDERS) break;
    }
    expect(orders.length).toBe(ORDERS);

    // per order, alternately a ¥1.00 refund and a price cut of ¥1.00: every step valid in this order
    const chains: Op[][] = orders.map((o) =>
      Array.from({ length: OPS_PER_ORDER }, (_, k) => {
        const key = `crash-${o.id}-${k}-${randomBytes(3).toString('hex')}`;
        const reason = `crash test ${key}`;
        if (k % 2 === 0) return { key, orderId: o.id, kind: 'refund', amount: 100n, body: { id: o.id, refundAmount: '1.00', reason } } as Op;
        const after = o.adjusted - BigInt(k + 1) * 50n;
        return { key, orderId: o.id, kind: 'adjustPrice', amount: after, body: { id: o.id, newAmount: yuan(after), reason } } as Op;
      }),
    );

    let inFlight = 0;
    let done = 0;
    const send = (op: Op): Promise<ApiResult> =>
      api(base, 'POST', `/api/order/${op.kind}`, { token: finance, body: op.body, headers: { 'idempotency-key': op.key } });
    /** Until answered: a refused or cut connection means the server is down — wait and retry, same key. */
    const untilAnswered = async (op: Op): Promise<ApiResult> => {
      for (;;) {
        inFlight++;
        try {
          return await send(op);
        } catch {
          await sleep(50);
        } finally {
          inFlight--;
        }
      }
    };
    const runChain = async (chain: Op[]) => {
      for (const op of chain) {
        const r = await untilAnswered(op);
        expect(r.body.code, `${op.kind} ${op.key}: ${r.raw}`).toBe(0);
        op.answer = r.raw;
        done++;
      }
    };
    const all = Promise.all(chains.map(runChain));

    let kills = 0;
    let killedMidFlight = 0;
    let finished = false;
    void all.finally(() => (finished = true));
    while (kills < KILLS && !finished) {
      await sleep(120 + Math.random() * 250);
      if (finished) break;
      if (inFlight > 0) killedMidFlight++;
      await server.kill();
      kills++;
      server = await start();
    }
    await all;
    const total = ORDERS * OPS_PER_ORDER;
    expect(done).toBe(total);
    expect(kills).toBe(KILLS);
    expect(killedMidFlight).toBeGreaterThan(0);

    // every operation once more with its key: the first answer again, byte for byte, nothing applied
    const replays = await Promise.all(chains.flat().map(async (op) => ({ op, r: await send(op) })));
    for (const { op, r } of replays) expect(r.raw, op.key).toBe(op.answer);

    // reconcile from the database
    await server.stop({ keepData: true });
    server = undefined;
    const db: SqlDb = await openDb({ dataDir: dataDir ?? '.', databaseUrl: url, schema: url ? schema : undefined, poolSize: 2 });
    try {
      const ids = orders.map((o) => BigInt(o.id));
      const refunds = await db.query<{ reason: string; n: number }>(
        `SELECT reason, count(*)::int AS n FROM refunds WHERE order_id = ANY($1::int8[]) GROUP BY reason`,
        [ids],
      );
      const adjustments = await db.query<{ reason: string; n: number }>(
        `SELECT reason, count(*)::int AS n FROM price_adjustments WHERE order_id = ANY($1::int8[]) GROUP BY reason`,
        [ids],
      );
      const applied = new Map<string, number>([...refunds.rows, ...adjustments.rows].map((r) => [r.reason, r.n]));
      let lost = 0;
      let twice = 0;
      for (const op of chains.flat()) {
        const n = applied.get(op.body.reason) ?? 0;
        if (n === 0) lost++;
        if (n > 1) twice++;
      }
      const keys = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key LIKE 'crash-%' AND status = 200`);
      const state = await db.query<{ id: bigint; adjusted_amount: string; refunded_amount: string; refunds: string; last_adjusted: string }>(
        `SELECT o.id, o.adjusted_amount, o.refunded_amount,
                (SELECT coalesce(sum(amount), 0)::text FROM refunds r WHERE r.order_id = o.id) AS refunds,
                (SELECT after_amount::text FROM price_adjustments p WHERE p.order_id = o.id ORDER BY at DESC, id DESC LIMIT 1) AS last_adjusted
           FROM orders o WHERE o.id = ANY($1::int8[])`,
        [ids],
      );
      let inconsistent = 0;
      for (const o of orders) {
        const chain = chains.find((c) => c[0].orderId === o.id)!;
        const row = state.rows.find((r) => String(r.id) === o.id)!;
        const refunded = chain.filter((op) => op.kind === 'refund').reduce((s, op) => s + op.amount, 0n);
        const adjusted = chain.filter((op) => op.kind === 'adjustPrice').at(-1)!.amount;
        const ok =
          cents(row.refunded_amount) === refunded &&
          cents(row.refunds) === refunded &&
          cents(row.adjusted_amount) === adjusted &&
          cents(row.last_adjusted) === adjusted;
        if (!ok) inconsistent++;
      }
      console.log(
        `crash test (${backend}): ${kills} SIGKILLs (${killedMidFlight} with requests in flight), ${total} operations acknowledged and replayed; ` +
          `lost ${lost}, applied twice ${twice}, orders inconsistent ${inconsistent} of ${ORDERS}`,
      );
      expect({ lost, twice, inconsistent, keys: keys.rows[0].n }).toEqual({ lost: 0, twice: 0, inconsistent: 0, keys: total });
    } finally {
      await db.close();
    }
  }, 240_000);
});
