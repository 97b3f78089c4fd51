/**
 * GET /analytics/performance against numbers computed by hand on a small fixture: one merchant of its
 * own (so the demo data never leaks in, via the merchantId filter) with orders, refunds and
 * settlements placed around the edges of a 10-day range in China Standard Time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { todayIn } from '../../../src/schema/time-zone';
import { bucketStarts, resolveRange } from './range';

let t: TestApp;
let admin: string;
let finance: string;
let merchant: string;
let s1: string;
let s2: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, finance] = await Promise.all([t.login('admin', 'admin123'), t.login('finance', 'finance123')]);
  const m = t.nextId();
  const [a, b] = [t.nextId(), t.nextId()];
  merchant = m.toString();
  s1 = a.toString();
  s2 = b.toString();
  await t.db.query(`INSERT INTO merchants (id, name, contact, phone) VALUES ($1, '看板测试商户', '测试', '13800000000')`, [m]);
  for (const [id, name] of [
    [a, '一号店'],
    [b, '二号店'],
  ] as const) {
    await t.db.query(
      `INSERT INTO stores (id, merchant_id, name, province, address, contact, phone, audit_status) VALUES ($1, $2, $3, '330000', '测试路 1 号', '店长', '13900000000', 'approved')`,
      [id, m, name],
    );
  }
  const orders: [string, string, string, string, string, bigint | null, boolean][] = [
    // key, created (CST), paid, status, platform, store, assigned
    ['o1', '2025-03-01T10:00:00+08:00', '100.00', 'settled', 'taobao', a, true],
    ['o2', '2025-03-01T23:30:00+08:00', '200.50', 'to_settle', 'jd', a, true],
    ['o3', '2025-03-05T09:00:00+08:00', '50.25', 'pending', 'taobao', null, false],
    ['o4', '2025-03-10T23:59:00+08:00', '300.00', 'in_service', 'jd', b, true],
    ['o5', '2025-03-11T00:00:00+08:00', '999.00', 'pending', 'jd', null, false],
    ['o6', '2025-02-28T23:00:00+08:00', '80.00', 'settled', 'taobao', b, true],
    ['o7', '2025-02-20T10:00:00+08:00', '20.00', 'closed', 'jd', null, false],
  ];
  const ids: Record<string, bigint> = {};
  for (const [key, at, paid, status, platform, store, assigned] of orders) {
    ids[key] = t.nextId();
    await t.db.query(
      `INSERT INTO orders (id, order_no, platform, merchant_id, product_title, customer_name, customer_phone, province, address,
         paid_amount, adjusted_amount, status, store_id, created_at, assigned_at)
       VALUES ($1, $2, $3, $4, '空调清洗', '张三', '13700000000', '330000', '测试路', $5, $5, $6, $7, $8, $9)`,
      [ids[key], `DASH${ids[key]}`, platform, m, paid, status, store, at, assigned ? at : null],
    );
  }
  const refund = (order: string, amount: string, at: string) =>
    t.db.query(`INSERT INTO refunds (id, order_id, amount, kind, reason, operator_id, at) VALUES ($1, $2, $3, 'partial', '测试', 1, $4)`, [
      t.nextId(),
      ids[order],
      amount,
      at,
    ]);
  await refund('o2', '30.50', '2025-03-02T12:00:00+08:00');
  await refund('o4', '10.00', '2025-03-11T01:00:00+08:00');
  await refund('o6', '5.00', '2025-02-28T23:30:00+08:00');
  const settle = (order: string, store: bigint, amount: string, status: string, confirmed: string, settled: string | null) =>
    t.db.query(
      `INSERT INTO settlements (id, order_id, store_id, amount, status, confirmed_by, confirmed_at, settled_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7)`,
      [t.nextId(), ids[order], store, amount, status, confirmed, settled],
    );
  await settle('o1', a, '60.00', 'settled', '2025-03-02T10:00:00+08:00', '2025-03-03T10:00:00+08:00');
  await settle('o2', a, '105.00', 'confirmed', '2025-03-04T10:00:00+08:00', null);
  await settle('o6', b, '48.00', 'settled', '2025-02-28T23:40:00+08:00', '2025-03-01T10:00:00+08:00');
}, 180_000);
afterAll(() => t?.close());

const get = (query: Record<string, string>, token = admin) => t.get('/api/analytics/performance', { token, query: { merchantId: merchant, ...query } });

describe('GET /analytics/performance', () => {
  it('sums the current and the previous period exactly, by CST calendar day', async () => {
    const res = await get({ dateFrom: '2025-03-01', dateTo: '2025-03-10' });
    expect(res.data.code, res.body).toBe(0);
    const d = res.data.data;
    expect(d.range).toEqual({
      dateFrom: '2025-03-01',
      dateTo: '2025-03-10',
      days: 10,
      previousFrom: '2025-02-19',
      previousTo: '2025-02-28',
      granularity: 'day',
    });
    expect(d.summary).toEqual({
      orders: { value: 4, previous: 2, change: 1 },
      gmv: { value: '650.75', previous: '100.00', change: 5.5075 },
      refunded: { value: '30.50', previous: '5.00', change: 5.1 },
      net: { value: '620.25', previous: '95.00', change: 5.5289 },
      settled: { value: '108.00', previous: '0.00', change: null },
      pendingSettlement: { value: '105.00', previous: '0.00', change: null },
      avgTicket: { value: '162.69', previous: '50.00', change: 2.2538 },
      assignmentRate: { value: 0.75, previous: 0.5, change: 0.25 },
      completionRate: { value: 0.5, previous: 0.5, change: 0 },
    });
    expect(d.trend).toHaveLength(10);
    expect(d.trend[0]).toEqual({ bucket: '2025-03-01', orders: 2, gmv: '300.50', refunded: '0.00' });
    expect(d.trend[1]).toEqual({ bucket: '2025-03-02', orders: 0, gmv: '0.00', refunded: '30.50' });
    expect(d.trend[4]).toEqual({ bucket: '2025-03-05', orders: 1, gmv: '50.25', refunded: '0.00' });
    expect(d.trend[9]).toEqual({ bucket: '2025-03-10', orders: 1, gmv: '300.00', refunded: '0.00' });
    expect(d.byStatus).toEqual([
      { status: 'in_service', orders: 1, gmv: '300.00' },
      { status: 'pending', orders: 1, gmv: '50.25' },
      { status: 'settled', orders: 1, gmv: '100.00' },
      { status: 'to_settle', orders: 1, gmv: '200.50' },
    ]);
    expect(d.byPlatform).toEqual([
      { platform: 'jd', orders: 2, gmv: '500.50' },
      { platform: 'taobao', orders: 2, gmv: '150.25' },
    ]);
    expect(d.topStores).toEqual([
      { rank: 1, storeId: s1, storeName: '一号店', merchantName: '看板测试商户', orders: 2, completed: 2, completionRate: 1, settledAmount: '60.00' },
      { rank: 2, storeId: s2, storeName: '二号店', merchantName: '看板测试商户', orders: 1, completed: 0, completionRate: 0, settledAmount: '48.00' },
    ]);
  });

  it('buckets by ISO week and by month, and filters by store', async () => {
    const week = (await get({ dateFrom: '2025-03-01', dateTo: '2025-03-10', granularity: 'week' })).data.data;
    expect(week.trend).toEqual([
      { bucket: '2025-02-24', orders: 2, gmv: '300.50', refunded: '30.50' },
      { bucket: '2025-03-03', orders: 1, gmv: '50.25', refunded: '0.00' },
      { bucket: '2025-03-10', orders: 1, gmv: '300.00', refunded: '0.00' },
    ]);
    const month = (await get({ dateFrom: '2025-02-19', dateTo: '2025-03-10', granularity: 'month' })).data.data;
    expect(month.trend).toEqual([
      { bucket: '2025-02-01', orders: 2, gmv: '100.00', refunded: '5.00' },
      { bucket: '2025-03-01', orders: 4, gmv: '650.75', refunded: '30.50' },
    ]);
    const store = (await get({ dateFrom: '2025-03-01', dateTo: '2025-03-10', storeId: s1 }, finance)).data.data;
    expect(store.summary.orders.value).toBe(2);
    expect(store.summary.gmv.value).toBe('300.50');
    expect(store.summary.refunded.value).toBe('30.50');
    expect(store.summary.settled.value).toBe('60.00');
    expect(store.summary.pendingSettlement.value).toBe('105.00');
    expect(store.topStores.map((s: any) => s.storeId)).toEqual([s1]);
  });

  it('defaults to the last 30 days and refuses bad ranges, parameters and roles', async () => {
    const def = await t.get('/api/analytics/performance', { token: finance });
    expect(def.data.data.range.days).toBe(30);
    expect(def.data.data.trend).toHaveLength(30);
    expect(def.data.data.summary.orders.value).toBeGreaterThan(0);
    const long = await get({ dateFrom: '2024-01-01', dateTo: '2025-01-01' });
    expect(long.statusCode).toBe(400);
    expect(long.data.msg).toBe('统计区间最长 366 天，当前为 367 天');
    const reversed = await get({ dateFrom: '2025-03-10', dateTo: '2025-03-01' });
    expect(reversed.statusCode).toBe(400);
    const gran = await get({ granularity: 'hour' });
    expect(gran.statusCode).toBe(400);
    expect(gran.data.msg).toContain('统计粒度');
    const badDate = await get({ dateFrom: '2025-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect((await t.get('/api/analytics/performance')).statusCode).toBe(401);
    const dispatcher = await t.login('dispatcher', 'dispatcher123');
    expect((await t.get('/api/analytics/performance', { token: dispatcher })).statusCode).toBe(403);
  });
});

describe('the business time zone (schemas/app.json timeZone)', () => {
  it('decides "today" and the day bounds, not the zone the server runs in', () => {
    // 2026-11-21 17:00 UTC: already the 22nd in Shanghai, still the 21st in Los Angeles
    const now = new Date('2026-11-21T17:00:00Z');
    const sh = resolveRange({}, 'Asia/Shanghai', now);
    expect(sh).toMatchObject({ to: '2026-11-22', from: '2026-10-24' });
    expect(sh.end.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(sh.start.toISOString()).toBe('2026-10-23T16:00:00.000Z');
    const la = resolveRange({}, 'America/Los_Angeles', now);
    expect(la).toMatchObject({ to: '2026-11-21', from: '2026-10-23' });
    // PST (−8) at the end, PDT (−7) before 1 November: the bounds follow daylight saving
    expect(la.end.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(la.start.toISOString()).toBe('2026-10-23T07:00:00.000Z');
  });

  it("the served default range is today in app.json's zone, with day buckets cut there", async () => {
    const app = (await import('../../../schemas/app.json')).default as { timeZone: string };
    expect(app.timeZone).toBe('Asia/Shanghai');
    const before = todayIn(app.timeZone);
    const res = await t.get('/api/analytics/performance', { token: finance });
    const after = todayIn(app.timeZone);
    expect([before, after]).toContain(res.data.data.range.dateTo);
    // an order at 00:30 Shanghai time (16:30 UTC the day before) counts on the Shanghai day
    const id = t.nextId();
    await t.db.query(
      `INSERT INTO orders (id, order_no, platform, merchant_id, product_title, customer_name, customer_phone, province, address, paid_amount, adjusted_amount, status, created_at)
       VALUES ($1, $2, 'jd', $3, '空调清洗', '李四', '13700000001', '330000', '测试路', '12.00', '12.00', 'pending', '2025-04-01T16:30:00Z')`,
      [id, `TZ${id}`, BigInt(merchant)],
    );
    const day = await t.get('/api/analytics/performance', { token: finance, query: { merchantId: merchant, dateFrom: '2025-04-01', dateTo: '2025-04-02' } });
    expect(day.data.data.trend.map((p: any) => [p.bucket, p.orders])).toEqual([
      ['2025-04-01', 0],
      ['2025-04-02', 1],
    ]);
  });
});

describe('range helpers', () => {
  it('computes the previous period and bucket starts', () => {
    expect(resolveRange({}, 'Asia/Shanghai', new Date('2026-11-21T17:00:00Z'))).toMatchObject({ from: '2026-10-24', to: '2026-11-22', days: 30 });
    expect(resolveRange({ dateFrom: '2024-02-28', dateTo: '2024-03-01' }, 'Asia/Shanghai')).toMatchObject({
      days: 3,
      prevFrom: '2024-02-25',
      prevTo: '2024-02-27',
    });
    expect(bucketStarts('2025-12-30', '2026-02-02', 'month')).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(bucketStarts('2026-11-22', '2026-11-24', 'week')).toEqual(['2026-11-16', '2026-11-23']);
  });
  it('ends at the last day of year 9999 (as strings, the day after sorted first and the loop never ended)', () => {
    expect(bucketStarts('9999-12-30', '9999-12-31', 'day')).toEqual(['9999-12-30', '9999-12-31']);
    expect(bucketStarts('9999-12-27', '9999-12-31', 'week')).toEqual(['9999-12-27']);
    expect(bucketStarts('9999-11-15', '9999-12-31', 'month')).toEqual(['9999-11-01', '9999-12-01']);
  });
});
