/**
 * Live updates end to end over real sockets: an order written through the API (or by hand in SQL)
 * reaches the open streams of the users who reach it — and only those — with the badge's count;
 * the stream needs a session, ends with it, is bounded per user, ends for a user who turns live
 * updates off, and never holds up shutdown. On PostgreSQL also across two instances.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../core/app';
import { openDb, type SqlDb } from '../../core/db';
import { createTestApp, type TestApp } from '../../test/helper';
import { liveTicket, openEventStream, openWithTicket, type EventStream } from '../../test/event-stream';
import { insertUser } from '../../test/users';
import { modules } from '..';

let t: TestApp;
let base: string;
let admin: string;
let dispatcher: string;
let S: string; // the demo dispatcher's store
const streams: EventStream[] = [];

const open = async (token: string) => {
  const s = await openEventStream(base, token);
  streams.push(s);
  return s;
};

async function addOrder(app: TestApp, token: string, name: string): Promise<string> {
  const { rows } = await app.db.query<{ id: bigint }>('SELECT id FROM merchants ORDER BY id LIMIT 1');
  const res = await app.post(
    '/api/order/add',
    {
      merchantId: String(rows[0].id),
      productTitle: 'Air conditioner install',
      customerName: name,
      customerPhone: '13812345678',
      region: ['310000', '310100', '310115'],
      address: 'Zhangjiang Rd 88',
      paidAmount: '120.00',
    },
    { token },
  );
  expect(res.data.code, res.body).toBe(0);
  return String(res.data.data.id);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
  admin = await t.login('admin', 'admin123');
  dispatcher = await t.login('dispatcher', 'dispatcher123');
  const { rows } = await t.db.query<{ store_id: bigint }>(`SELECT store_id FROM users WHERE username = 'dispatcher'`);
  S = String(rows[0].store_id);
}, 180_000);
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  // the server notices the closed sockets
  await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await t?.close();
});

describe('the live stream', () => {
  test('needs a session: a ticket asked for with the session header, used once, within 30 s', async () => {
    // no ticket, an unknown one
    const none = await openWithTicket(base, undefined);
    expect(none.status).toBe(400);
    const bad = await openWithTicket(base, 'x'.repeat(32));
    expect(bad.status).toBe(401);
    expect(bad.refusal?.msg).toBe('实时连接凭证无效或已过期，请刷新页面');
    // no ticket without a session
    expect((await liveTicket(base, 'y'.repeat(43))).refusal?.code).toBe(100000);
    // a ticket opens one stream, once
    const { ticket } = await liveTicket(base, admin);
    const first = await openWithTicket(base, ticket);
    streams.push(first);
    expect(first.status).toBe(200);
    await first.next('count');
    expect((await openWithTicket(base, ticket)).status).toBe(401);
    // expired
    const late = await liveTicket(base, admin);
    await t.db.query(`UPDATE live_tickets SET expires_at = now() - interval '1 second'`);
    expect((await openWithTicket(base, late.ticket)).status).toBe(401);
    // its session signed out before it was used
    const token = await t.login('dispatcher', 'dispatcher123');
    const orphan = await liveTicket(base, token);
    await t.post('/api/user/logout', {}, { token });
    expect((await openWithTicket(base, orphan.ticket)).status).toBe(401);
    // the token itself is never in the stream's URL: only the ticket is
    expect(ticket).not.toContain(admin);
  });

  test('a new order through the API reaches the admin at once with the badge count; the store-bound dispatcher hears nothing of it', async () => {
    await t.post('/api/live/seen', {}, { token: admin });
    const a = await open(admin);
    const d = await open(dispatcher);
    expect((await a.next('count')).data).toMatchObject({ count: 0, href: '/order?tab=pending' });
    await d.next('count');
    const before = Date.now();
    const id = await addOrder(t, admin, 'Live One');
    const ev = await a.next('order', (x) => x.id === id, 2000);
    expect(ev.data).toEqual({ op: 'insert', id, status: 'pending' });
    expect(ev.at - before).toBeLessThan(2000);
    expect((await a.next('count', (x) => x.count === 1)).data.count).toBe(1);
    // the order is not in the dispatcher's store: nothing of it reaches that stream
    await new Promise((r) => setTimeout(r, 300));
    expect(d.events.filter((e) => e.event === 'order')).toEqual([]);

    // assigned to the dispatcher's store (by hand in SQL: the trigger hears every write): it enters its scope
    await t.db.query(`UPDATE orders SET store_id = $1, status = 'assigned' WHERE id = $2`, [S, id]);
    expect((await d.next('order', (x) => x.id === id)).data).toEqual({ op: 'enter', id, status: 'assigned' });
    expect((await a.next('order', (x) => x.id === id)).data).toEqual({ op: 'update', id, status: 'assigned' });
    // no longer pending: the admin's badge drops back
    expect((await a.next('count', (x) => x.count === 0)).data.count).toBe(0);
  });

  test('marking the new orders seen resets the badge on every stream of the user', async () => {
    const a1 = await open(admin);
    const a2 = await open(admin);
    await a1.next('count');
    await a2.next('count');
    await addOrder(t, admin, 'Live Two');
    await a1.next('count', (x) => x.count >= 1);
    expect((await t.post('/api/live/seen', {}, { token: admin })).data.code).toBe(0);
    expect((await a2.next('count', (x) => x.count === 0)).data.count).toBe(0);
    a1.close();
    a2.close();
  });

  test('ends when the session is signed out', async () => {
    const token = await t.login('dispatcher', 'dispatcher123');
    const s = await open(token);
    await s.next('count');
    await t.post('/api/user/logout', {}, { token });
    await s.ended;
  });

  test('at most 4 streams per user on one instance; the fifth is refused with a message', async () => {
    const id = await insertUser(t, { username: 'live_many', password: 'Live12345', roles: ['admin'] });
    const token = await t.login('live_many', 'Live12345');
    const four = await Promise.all([1, 2, 3, 4].map(() => open(token)));
    expect(four.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = await open(token);
    expect(fifth.status).toBe(429);
    expect(fifth.refusal.msg).toContain('4');
    four[0].close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await open(token)).status).toBe(200);
    expect(id).toBeTypeOf('bigint');
  });

  test('off switch: saved per user, ends the open streams with "off", and a new stream says "off" at once', async () => {
    await insertUser(t, { username: 'live_off', password: 'Live12345', roles: ['admin'] });
    const token = await t.login('live_off', 'Live12345');
    expect((await t.get('/api/live/settings', { token })).data.data).toEqual({ enabled: true });
    const s = await open(token);
    await s.next('count');
    expect((await t.post('/api/live/settings/save', { enabled: false }, { token })).data.data).toEqual({ enabled: false });
    await s.next('off');
    await s.ended;
    const again = await open(token);
    await again.next('off');
    await again.ended;
    expect(again.events.map((e) => e.event)).toEqual(['off']);
    // an order now reaches nobody who turned it off, but still everyone else
    const a = await open(admin);
    await a.next('count');
    const id = await addOrder(t, admin, 'Live Three');
    await a.next('order', (x) => x.id === id);
    expect((await t.get('/api/live/settings', { token })).data.data).toEqual({ enabled: false });
    expect((await t.post('/api/live/settings/save', { enabled: true }, { token })).data.data).toEqual({ enabled: true });
  });

  test('a bulk write (more than 100 rows in one statement) sends one bulk notice, and the count follows', async () => {
    const a = await open(admin);
    await a.next('count');
    await t.db.query(`UPDATE orders SET remark = 'bulk' WHERE id IN (SELECT id FROM orders ORDER BY id LIMIT 150)`);
    expect((await a.next('order', (x) => x.op === 'bulk')).data).toEqual({ op: 'bulk', n: 150 });
  });
});

describe('shutdown', () => {
  test('open streams do not hold up closing the app', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
    const s = await openEventStream(url, await other.login('admin', 'admin123'));
    await s.next('count');
    const began = Date.now();
    await other.close();
    await s.ended;
    expect(Date.now() - began).toBeLessThan(5000);
  }, 60_000);
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('across instances (PostgreSQL)', () => {
  let bDb: SqlDb;
  let b: FastifyInstance;
  let bBase: string;
  beforeAll(async () => {
    bDb = await openDb({ dataDir: t.dataDir, databaseUrl: url, schema: t.db.schema, poolSize: 3 });
    b = await buildApp({ db: bDb, dataDir: t.dataDir, modules, staticDir: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bBase = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
  });

  test('an order created on instance A reaches a stream on instance B within 2 s, in scope only', async () => {
    const onB = await openEventStream(bBase, admin);
    const dOnB = await openEventStream(bBase, dispatcher);
    streams.push(onB, dOnB);
    await onB.next('count');
    await dOnB.next('count');
    const before = Date.now();
    const id = await addOrder(t, admin, 'Live Across');
    const ev = await onB.next('order', (x) => x.id === id, 2000);
    expect(ev.data.op).toBe('insert');
    expect(ev.at - before).toBeLessThan(2000);
    await t.db.query(`UPDATE orders SET store_id = $1, status = 'assigned' WHERE id = $2`, [S, id]);
    expect((await dOnB.next('order', (x) => x.id === id)).data.op).toBe('enter');
  });
});
