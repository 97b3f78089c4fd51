/**
 * Scale-out, proven (PostgreSQL; skipped without DATABASE_URL): two real server processes on one
 * database schema behind a loopback round-robin load balancer. Sessions, revocation, login throttling,
 * idempotency keys, auto-assign, product sync and history import hold across them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type SqlDb } from '../core/db';
import { api, roundRobinProxy, signIn, spawnServer, type Proxy, type ServerProcess } from './instances';

const url = process.env.DATABASE_URL;
const schema = `scale_${process.pid}_${randomBytes(3).toString('hex')}`;
let a: ServerProcess;
let b: ServerProcess;
let lb: Proxy;
let db: SqlDb;

const SECONDS_CACHE = '10'; // long: only a notification explains a refusal on the other instance
const ROUNDS = 20; // revocations measured

describe.skipIf(!url)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  beforeAll(async () => {
    const env = { DATABASE_URL: url!, DATABASE_SCHEMA: schema, TRUST_PROXY: 'true', SESSION_CACHE_SECONDS: SECONDS_CACHE };
    // started together: migrations and the first-start seed run once (advisory locks)
    [a, b] = await Promise.all([spawnServer({ ...env, WORKER_ID: '1' }), spawnServer({ ...env, WORKER_ID: '2' })]);
    lb = await roundRobinProxy([a.url, b.url]);
    db = await openDb({ dataDir: a.dataDir, databaseUrl: url, schema, poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await lb?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db?.close();
  });

  it('seeds once, and a session made on one instance works on both', async () => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE username = 'admin'`);
    expect(rows[0].n).toBe(1);
    const token = await signIn(lb.url, 'admin', 'admin123');
    const before = lb.served.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => api(lb.url, 'GET', '/api/user/info', { token })));
    expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(0));
    expect(new Set(lb.served.slice(before))).toEqual(new Set([0, 1]));
  });

  it('logout, disable, role change and password reset through A are refused by B on the very next request', async () => {
    const admin = await signIn(a.url, 'admin', 'admin123');
    const delays: number[] = [];
    let acceptedAfter = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const username = `so_rev_${round}`;
      const add = await api(a.url, 'POST', '/api/user/add', {
        token: admin,
        body: { username, nickname: username, password: 'Pass-word-1', roles: ['admin'], enabled: true },
      });
      expect(add.body.code).toBe(0);
      const id = String(add.body.data.id);
      const token = await signIn(a.url, username, 'Pass-word-1');
      // B checks the session and caches it for 10 s
      for (let i = 0; i < 2; i++) expect((await api(b.url, 'GET', '/api/user/list', { token })).body.code).toBe(0);
      const kind = round % 4;
      const t0 = performance.now();
      const revoke =
        kind === 0
          ? await api(a.url, 'POST', '/api/user/logout', { token })
          : kind === 1
            ? await api(a.url, 'POST', '/api/user/edit', { token: admin, body: { id, enabled: false } })
            : kind === 2
              ? await api(a.url, 'POST', '/api/user/edit', { token: admin, body: { id, roles: ['dispatcher'] } })
              : await api(a.url, 'POST', '/api/user/resetPassword', { token: admin, body: { id, password: 'New-pass-word-2' } });
      expect(revoke.body.code).toBe(0);
      const next = await api(b.url, 'GET', '/api/user/list', { token });
      delays.push(performance.now() - t0);
      if (next.body.code === 0) acceptedAfter++;
      expect(next.body.code, `round ${round}`).toBe(kind === 2 ? 40300 : 100000);
    }
    expect(acceptedAfter).toBe(0);
    delays.sort((x, y) => x - y);
    console.log(
      `revocation across instances: 0 of ${ROUNDS} next requests on B accepted; revoke on A + next request on B: ${delays[0].toFixed(1)}–${delays[delays.length - 1].toFixed(1)} ms (median ${delays[ROUNDS >> 1].toFixed(1)})`,
    );
  });

  it('login throttling holds across instances: per account+address, per account for strangers, device cookie exempt', async () => {
    const admin = await signIn(a.url, 'admin', 'admin123');
    expect(
      (
        await api(a.url, 'POST', '/api/user/add', {
          token: admin,
          body: { username: 'so_thr', nickname: 'so_thr', password: 'Pass-word-1', roles: ['finance'], enabled: true },
        })
      ).body.code,
    ).toBe(0);
    // the holder's laptop signed in once (through the balancer), keeping its device cookie
    const ok = await api(lb.url, 'POST', '/api/user/login', {
      body: { username: 'so_thr', password: 'Pass-word-1' },
      headers: { 'x-test-client': '198.51.100.1' },
    });
    const cookie = String(ok.headers.get('set-cookie')).split(';')[0];
    expect(cookie).toMatch(/^misi_dev_/);
    const wrong = (ip: string) =>
      api(lb.url, 'POST', '/api/user/login', { body: { username: 'so_thr', password: 'nope-nope' }, headers: { 'x-test-client': ip } });
    // 5 wrong from one address, alternating instances: the 6th attempt (right password) is refused
    for (let i = 0; i < 5; i++) expect((await wrong('198.51.100.7')).status).toBe(400);
    const sixth = await api(lb.url, 'POST', '/api/user/login', {
      body: { username: 'so_thr', password: 'Pass-word-1' },
      headers: { 'x-test-client': '198.51.100.7' },
    });
    expect(sixth.status).toBe(429);
    // a spray from 8 more addresses: strangers are refused on both instances
    for (let i = 0; i < 8; i++) await wrong(`203.0.113.${i + 1}`);
    for (const base of [a.url, b.url]) {
      const stranger = await api(base, 'POST', '/api/user/login', {
        body: { username: 'so_thr', password: 'Pass-word-1' },
        headers: { 'x-forwarded-for': '192.0.2.50' },
      });
      expect(stranger.status).toBe(429);
      // the holder's device signs in on either instance
      const holder = await api(base, 'POST', '/api/user/login', {
        body: { username: 'so_thr', password: 'Pass-word-1' },
        headers: { 'x-forwarded-for': '192.0.2.51', cookie },
      });
      expect(holder.body.code).toBe(0);
    }
  });

  it('an idempotency key applies once although the same refund reaches both instances at once', async () => {
    const finance = await signIn(lb.url, 'finance', 'finance123');
    const { rows } = await db.query<{ id: bigint; refunded_amount: string }>(
      `SELECT id, refunded_amount FROM orders WHERE status = 'pending' AND adjusted_amount - refunded_amount >= 10 ORDER BY id LIMIT 1`,
    );
    const id = String(rows[0].id);
    const key = `so-refund-${randomBytes(4).toString('hex')}`;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        api(i % 2 ? a.url : b.url, 'POST', '/api/order/refund', {
          token: finance,
          body: { id, refundAmount: '1.00', reason: '跨实例幂等' },
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(16).fill(0));
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    const after = await db.query<{ n: number; refunded: string }>(
      `SELECT (SELECT count(*)::int FROM refunds WHERE order_id = $1 AND reason = '跨实例幂等') AS n, (SELECT refunded_amount FROM orders WHERE id = $1) AS refunded`,
      [BigInt(id)],
    );
    expect(after.rows[0].n).toBe(1);
    expect(Number(after.rows[0].refunded)).toBeCloseTo(Number(rows[0].refunded_amount) + 1, 2);
  });

  it('auto-assign over both instances assigns each order once', async () => {
    const admin = await signIn(lb.url, 'admin', 'admin123');
    const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM orders WHERE status = 'pending' ORDER BY id LIMIT 40`);
    const ids = rows.map((r) => String(r.id));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(lb.url, 'POST', '/api/order/assign/auto', { token: admin, body: { ids: i % 2 ? ids : [...ids].reverse() } })),
    );
    for (const r of results) expect(r.body.code).toBe(0);
    const logs = await db.query<{ order_id: bigint; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM order_logs WHERE order_id = ANY($1::int8[]) AND action = 'assignAuto' GROUP BY order_id`,
      [ids.map(BigInt)],
    );
    expect(logs.rows.every((r) => r.n === 1)).toBe(true);
    expect(results.reduce((s, r) => s + r.body.data.assigned, 0)).toBe(logs.rows.length);
    expect(logs.rows.length).toBeGreaterThan(0);
  });

  it('a product sync and a history import started on both instances at once each happen once', async () => {
    const admin = await signIn(lb.url, 'admin', 'admin123');
    const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND auth_status = 'authorized' ORDER BY id LIMIT 2`);
    const [syncShop, importShop] = rows.map((r) => String(r.id));
    // product sync: one run wins the shop's lease, the other is told it is busy (or finds nothing new)
    const syncs = await Promise.all([a.url, b.url].map((base) => api(base, 'GET', '/api/product/sync', { token: admin, query: { shopId: syncShop } })));
    const created = syncs.filter((r) => r.body.code === 0).reduce((s, r) => s + r.body.data.productsCreated, 0);
    for (const r of syncs) expect(r.body.code === 0 || r.body.code === 40900, r.raw).toBe(true);
    const products = await db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT platform_product_id)::int AS distinct FROM products WHERE shop_id = $1`,
      [BigInt(syncShop)],
    );
    expect(products.rows[0].n).toBe(products.rows[0].distinct);
    expect(created).toBeLessThanOrEqual(products.rows[0].n);

    // history import of the same range on both: every trade becomes one order
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const body = { id: importShop, importRange: [day(20), day(2)] };
    const countImported = () =>
      db.query<{ n: number; distinct: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT platform_trade_no)::int AS distinct FROM orders WHERE shop_id = $1 AND source = 'import'`,
        [BigInt(importShop)],
      );
    const before = (await countImported()).rows[0].n; // the demo seed imported some already
    const imports = await Promise.all([a.url, b.url].map((base) => api(base, 'POST', '/api/merchantAuth/getHistoryTrades', { token: admin, body })));
    const ok = imports.filter((r) => r.body.code === 0);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of imports) expect(r.body.code === 0 || r.body.code === 40900, r.raw).toBe(true);
    const orders = await countImported();
    expect(orders.rows[0].n).toBe(orders.rows[0].distinct);
    expect(ok.reduce((s, r) => s + r.body.data.imported, 0)).toBe(orders.rows[0].n - before);
    expect(orders.rows[0].n).toBeGreaterThan(before);
  });
});
