/**
 * Logistics through HTTP on the seeded app: the demo shipments, list filters and tab counts, roles,
 * shipping goods for an order (defaults, duplicates, bad input), cancellation, and the carriers'
 * signed push (signature, idempotency, monotonic status, bad payloads, production secret rule).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringifyJson } from '../../core/json';
import { createTestApp, type TestApp } from '../../test/helper';
import { DEV_DELIVERY_SECRET, signDelivery } from './push';

let t: TestApp;
let admin: string;
let finance: string;
let dispatcher: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, finance, dispatcher] = await Promise.all([t.login('admin', 'admin123'), t.login('finance', 'finance123'), t.login('dispatcher', 'dispatcher123')]);
}, 180_000);
afterAll(() => t?.close());

const env = { ...process.env };
afterEach(() => {
  process.env.NODE_ENV = env.NODE_ENV;
  if (env.DELIVERY_SECRET === undefined) delete process.env.DELIVERY_SECRET;
  else process.env.DELIVERY_SECRET = env.DELIVERY_SECRET;
});

/** Sends a push as a carrier would: JSON body signed over its exact bytes. */
async function push(body: unknown, opts: { secret?: string; signature?: string | null; raw?: string; locale?: 'zh-CN' | 'en-US' } = {}) {
  const raw = opts.raw ?? stringifyJson(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.locale) headers['x-locale'] = opts.locale;
  const sig = opts.signature === undefined ? signDelivery(raw, opts.secret ?? DEV_DELIVERY_SECRET) : opts.signature;
  if (sig !== null) headers['x-delivery-signature'] = sig;
  const res = await t.app.inject({ method: 'POST', url: '/api/delivery/track', headers, payload: raw });
  return { status: res.statusCode, data: JSON.parse(res.body) };
}

async function orderIn(status: string): Promise<{ id: string; customer_name: string; customer_phone: string; address: string; province: string }> {
  const { rows } = await t.db.query<any>(
    `SELECT id::text, customer_name, customer_phone, address, province FROM orders o WHERE status = $1
      AND NOT EXISTS (SELECT 1 FROM logistics_orders l WHERE l.order_id = o.id) ORDER BY id LIMIT 1 OFFSET $2`,
    [status, Math.floor(Math.random() * 20)],
  );
  return rows[0];
}

let serial = 0;
const newTracking = (prefix = 'SF') => `${prefix}${Date.now().toString().slice(-9)}${String(++serial).padStart(4, '0')}`;

async function ship(overrides: Record<string, unknown> = {}) {
  const order = await orderIn('in_service');
  const res = await t.post(
    '/api/logisticsOrder/add',
    { orderId: order.id, carrier: 'SF', trackingNo: newTracking(), goods: '智能门锁（含安装配件）', ...overrides },
    { token: admin },
  );
  expect(res.data.code, res.body).toBe(0);
  // Registered a day ago, so the pushes below (minutes ago) come after it.
  await t.db.query(`UPDATE logistics_events SET at = at - interval '1 day' WHERE logistics_id = $1`, [BigInt(res.data.data.id)]);
  await t.db.query(`UPDATE logistics_orders SET created_at = created_at - interval '1 day', last_event_at = last_event_at - interval '1 day' WHERE id = $1`, [
    BigInt(res.data.data.id),
  ]);
  return { order, record: res.data.data };
}

describe('demo seed', () => {
  it('holds ~300 shipments for taken orders, each status matching its events', async () => {
    const { rows } = await t.db.query<{ status: string; n: bigint }>('SELECT status, count(*) AS n FROM logistics_orders GROUP BY status');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBe(300);
    expect(by.delivered).toBeGreaterThan(200);
    expect(by.cancelled).toBeGreaterThan(0);
    expect(by.exception).toBeGreaterThan(0);
    // recent shipments are still on the way
    expect((by.created ?? 0) + (by.collected ?? 0) + (by.in_transit ?? 0) + (by.delivering ?? 0)).toBeGreaterThan(3);
    const bad = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM logistics_orders l WHERE
         l.status <> (SELECT e.status FROM logistics_events e WHERE e.logistics_id = l.id ORDER BY e.at DESC LIMIT 1)
      OR l.last_event_at <> (SELECT max(at) FROM logistics_events e WHERE e.logistics_id = l.id)
      OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id AND o.merchant_id = l.merchant_id AND o.status IN ('assigned', 'in_service', 'to_settle', 'settled'))
      OR (l.status = 'cancelled') <> (l.cancel_reason IS NOT NULL)
      OR l.tracking_no !~ '^[A-Z0-9]{8,32}$'`);
    expect(Number(bad.rows[0].n)).toBe(0);
  });
});

describe('list, search, counts and roles', () => {
  it('pages newest first; filters narrow the list; tab counts follow every filter but status', async () => {
    const page = await t.get('/api/logisticsOrder/list', { token: finance, query: { current: 1, pageSize: 10 } });
    expect(page.data.code).toBe(0);
    expect(page.data.data.total).toBeGreaterThanOrEqual(300);
    const list = page.data.data.list;
    expect([...list.map((r: any) => r.createdAt)].sort().reverse()).toEqual(list.map((r: any) => r.createdAt));
    const first = list[0];
    expect(first).toMatchObject({ orderNo: expect.any(String), merchantName: expect.any(String), lastEvent: expect.any(String) });
    expect(first.region.length).toBeGreaterThan(0);
    // the region's names come with the record: the list draws them without region data of its own
    expect(first.regionName.split(' / ')).toHaveLength(first.region.length);
    expect(first.regionName).toMatch(/[省市区]/);
    expect(first.regionName).not.toMatch(/\d/);

    const byNo = await t.get('/api/logisticsOrder/list', { token: admin, query: { trackingNo: first.trackingNo.slice(0, 10).toLowerCase() } });
    expect(byNo.data.data.list.map((r: any) => r.id)).toContain(first.id);
    const byOrder = await t.get('/api/logisticsOrder/list', { token: admin, query: { orderNo: first.orderNo } });
    expect(byOrder.data.data.list.every((r: any) => r.orderNo === first.orderNo)).toBe(true);
    const byPhone = await t.get('/api/logisticsOrder/list', { token: admin, query: { receiverPhone: first.receiverPhone } });
    expect(byPhone.data.data.list.every((r: any) => r.receiverPhone === first.receiverPhone)).toBe(true);

    const counts = await t.get('/api/logisticsOrder/count', { token: admin, query: { carrier: 'SF', status: 'delivered' } });
    const sf = await t.get('/api/logisticsOrder/list', { token: admin, query: { carrier: 'SF', pageSize: 200 } });
    const sum = Object.values(counts.data.data as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(sf.data.data.total);
    expect(sf.data.data.list.every((r: any) => r.carrier === 'SF')).toBe(true);
    const delivered = await t.get('/api/logisticsOrder/list', { token: admin, query: { carrier: 'SF', status: 'delivered' } });
    expect(delivered.data.data.total).toBe(counts.data.data.delivered);

    const window = await t.get('/api/logisticsOrder/list', { token: admin, query: { createdAtFrom: first.createdAt, createdAtTo: first.createdAt } });
    expect(window.data.data.list.map((r: any) => r.id)).toContain(first.id);
  });

  it('refuses visitors without a token, other roles, and finance on admin actions', async () => {
    expect((await t.get('/api/logisticsOrder/list')).statusCode).toBe(401);
    const d = await t.get('/api/logisticsOrder/list', { token: dispatcher });
    expect(d.statusCode).toBe(403);
    expect(d.data.code).toBe(40300);
    const order = await orderIn('in_service');
    const f = await t.post('/api/logisticsOrder/add', { orderId: order.id, carrier: 'SF', trackingNo: newTracking(), goods: '配件' }, { token: finance });
    expect(f.statusCode).toBe(403);
  });

  it('shows the detail and the tracking timeline in the request locale', async () => {
    const { rows } = await t.db.query<{ id: string }>(`SELECT id::text FROM logistics_orders WHERE status = 'delivered' LIMIT 1`);
    const detail = await t.get('/api/logisticsOrder/detail', { token: admin, query: { id: rows[0].id } });
    expect(detail.data.data).toMatchObject({ id: rows[0].id, status: 'delivered' });
    const zh = await t.get('/api/logisticsOrder/events', { token: admin, query: { id: rows[0].id } });
    const events = zh.data.data;
    expect(events[0]).toMatchObject({ status: 'created', action: '待揽收', remark: '已下单，等待快递员揽收' });
    expect(events.at(-1)).toMatchObject({ status: 'delivered', action: '已签收' });
    expect([...events.map((e: any) => e.at)].sort()).toEqual(events.map((e: any) => e.at));
    const en = await t.get('/api/logisticsOrder/events', { token: admin, query: { id: rows[0].id }, locale: 'en-US' });
    expect(en.data.data[0]).toMatchObject({ action: 'Awaiting pickup', remark: 'Order placed, waiting for pickup' });
    const missing = await t.get('/api/logisticsOrder/detail', { token: admin, query: { id: '123' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('ship goods (add)', () => {
  it('takes the receiver from the order when left blank, and records a first event', async () => {
    const { order, record } = await ship({ trackingNo: newTracking('sf') });
    expect(record).toMatchObject({
      status: 'created',
      carrier: 'SF',
      receiverName: order.customer_name,
      receiverPhone: order.customer_phone,
      address: order.address,
    });
    expect(record.trackingNo).toMatch(/^SF\d+$/);
    expect(record.region[0]).toBe(order.province);
    expect(record.createdByName).toBeTruthy();
    const ev = await t.get('/api/logisticsOrder/events', { token: admin, query: { id: record.id } });
    expect(ev.data.data.map((e: any) => e.status)).toEqual(['created']);
  });

  it('uses the receiver given', async () => {
    const { record } = await ship({ receiverName: '周师傅', receiverPhone: '13912345678', region: ['330000', '330100', '330106'], address: '文三路 90 号' });
    expect(record).toMatchObject({ receiverName: '周师傅', receiverPhone: '13912345678', region: ['330000', '330100', '330106'], address: '文三路 90 号' });
  });

  it('refuses a tracking number already registered with the carrier, a missing order, a closed order and bad fields', async () => {
    const { record } = await ship();
    const order = await orderIn('assigned');
    const dup = await t.post('/api/logisticsOrder/add', { orderId: order.id, carrier: 'SF', trackingNo: record.trackingNo, goods: '配件' }, { token: admin });
    expect(dup.statusCode).toBe(409);
    expect(dup.data.msg).toBe(`顺丰速运运单号 ${record.trackingNo} 已登记，请勿重复发货`);
    const otherCarrier = await t.post(
      '/api/logisticsOrder/add',
      { orderId: order.id, carrier: 'ZTO', trackingNo: record.trackingNo, goods: '配件' },
      { token: admin },
    );
    expect(otherCarrier.data.code).toBe(0);

    const missing = await t.post('/api/logisticsOrder/add', { orderId: '1234567', carrier: 'SF', trackingNo: newTracking(), goods: '配件' }, { token: admin });
    expect(missing.statusCode).toBe(404);
    const closed = await orderIn('closed');
    const c = await t.post('/api/logisticsOrder/add', { orderId: closed.id, carrier: 'SF', trackingNo: newTracking(), goods: '配件' }, { token: admin });
    expect(c.statusCode).toBe(409);
    expect(c.data.msg).toBe('订单当前状态为「已关闭」，不能发货');

    const badNo = await t.post('/api/logisticsOrder/add', { orderId: order.id, carrier: 'SF', trackingNo: 'SF-12 34', goods: '配件' }, { token: admin });
    expect(badNo.statusCode).toBe(400);
    expect(badNo.data.msg).toContain('运单号');
    const badCarrier = await t.post(
      '/api/logisticsOrder/add',
      { orderId: order.id, carrier: 'DHL', trackingNo: newTracking(), goods: '配件' },
      { token: admin },
    );
    expect(badCarrier.statusCode).toBe(400);
    expect(badCarrier.data.msg).toContain('快递公司');
    const noGoods = await t.post('/api/logisticsOrder/add', { orderId: order.id, carrier: 'SF', trackingNo: newTracking() }, { token: admin, locale: 'en-US' });
    expect(noGoods.statusCode).toBe(400);
    expect(noGoods.data.msg).toContain('Goods');
  });
});

describe('cancel', () => {
  it('cancels only before pickup, with a reason', async () => {
    const { record } = await ship();
    const noReason = await t.post('/api/logisticsOrder/cancel', { id: record.id, reason: '  ' }, { token: admin });
    expect(noReason.statusCode).toBe(400);
    const ok = await t.post('/api/logisticsOrder/cancel', { id: record.id, reason: '客户改约' }, { token: admin });
    expect(ok.data.data).toMatchObject({ status: 'cancelled', cancelReason: '客户改约' });
    const again = await t.post('/api/logisticsOrder/cancel', { id: record.id, reason: '客户改约' }, { token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.data.msg).toBe('物流单当前状态为「已取消」，仅待揽收的物流单可以取消');

    const { record: r2 } = await ship();
    await push({ carrier: 'SF', trackingNo: r2.trackingNo, status: 'collected', time: new Date().toISOString(), description: '已揽收' });
    const late = await t.post('/api/logisticsOrder/cancel', { id: r2.id, reason: '改约' }, { token: admin });
    expect(late.statusCode).toBe(409);
    const pushAfterCancel = await push({
      carrier: 'SF',
      trackingNo: record.trackingNo,
      status: 'collected',
      time: new Date().toISOString(),
      description: '已揽收',
    });
    expect(pushAfterCancel.status).toBe(409);
  });
});

describe('carrier push POST /api/delivery/track', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('needs no token but a valid HMAC-SHA256 signature over the raw body', async () => {
    const { record } = await ship();
    const body = { carrier: 'SF', trackingNo: record.trackingNo, status: 'collected', time: at(60), description: '快递员已揽收', location: '杭州市' };
    const none = await push(body, { signature: null });
    expect(none.status).toBe(401);
    expect(none.data).toMatchObject({ code: 40100, msg: '缺少签名请求头 x-delivery-signature' });
    const wrongKey = await push(body, { secret: 'not-the-secret' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.data.msg).toContain('签名校验失败');
    // The same JSON re-spaced is other bytes: the signature of the compact form does not fit it.
    const raw = JSON.stringify(body, null, 2);
    const respaced = await push(null, { raw, signature: signDelivery(JSON.stringify(body), DEV_DELIVERY_SECRET) });
    expect(respaced.status).toBe(401);
    const garbage = await push(body, { signature: 'zz' });
    expect(garbage.status).toBe(401);

    const ok = await push(null, { raw, signature: 'sha256=' + signDelivery(raw, DEV_DELIVERY_SECRET).toUpperCase() });
    expect(ok.data).toMatchObject({ code: 0, data: { duplicate: false, status: 'collected' } });
  });

  it('is idempotent per (shipment, time, status) and moves the status forward only', async () => {
    const { record } = await ship();
    const base = { carrier: 'SF', trackingNo: record.trackingNo };
    const events = async () => (await t.get('/api/logisticsOrder/events', { token: admin, query: { id: record.id } })).data.data;
    const status = async () => (await t.get('/api/logisticsOrder/detail', { token: admin, query: { id: record.id } })).data.data.status;

    const collected = { ...base, status: 'collected', time: at(300), description: '已揽收' };
    expect((await push(collected)).data.data).toMatchObject({ duplicate: false, status: 'collected' });
    expect((await push(collected)).data.data).toMatchObject({ duplicate: true, status: 'collected' });
    expect((await events()).length).toBe(2);

    await push({ ...base, status: 'in_transit', time: at(200), description: '到达杭州转运中心', location: '杭州' });
    await push({ ...base, status: 'in_transit', time: at(180), description: '离开杭州转运中心', location: '杭州' });
    expect(await status()).toBe('in_transit');
    // a late, older event is kept for the timeline but never moves the status back
    await push({ ...base, status: 'collected', time: at(250), description: '补录揽收' });
    expect(await status()).toBe('in_transit');
    expect((await events()).length).toBe(5);

    expect((await push({ ...base, status: 'exception', time: at(120), description: '天气原因延误' })).data.data.status).toBe('exception');
    // an older flow event does not clear the exception; one at least as far as reached does
    expect((await push({ ...base, status: 'collected', time: at(110), description: '重复揽收' })).data.data.status).toBe('exception');
    expect((await push({ ...base, status: 'delivering', time: at(60), description: '派件中' })).data.data.status).toBe('delivering');
    expect((await push({ ...base, status: 'delivered', time: at(30), description: '本人签收' })).data.data.status).toBe('delivered');
    expect((await push({ ...base, status: 'exception', time: at(10), description: '签收后投诉' })).data.data.status).toBe('delivered');

    const list = await t.get('/api/logisticsOrder/list', { token: admin, query: { trackingNo: record.trackingNo } });
    expect(list.data.data.list[0]).toMatchObject({ status: 'delivered', lastEvent: '签收后投诉' });
  });

  it('explains unknown tracking numbers and bad payloads', async () => {
    const unknown = await push({ carrier: 'JD', trackingNo: 'JDX000000000001', status: 'collected', time: at(5), description: '已揽收' });
    expect(unknown.status).toBe(404);
    expect(unknown.data.msg).toBe('未找到京东物流运单号 JDX000000000001');
    const enUnknown = await push({ carrier: 'JD', trackingNo: 'JDX000000000001', status: 'collected', time: at(5), description: 'x' }, { locale: 'en-US' });
    expect(enUnknown.data.msg).toBe('No JD Logistics shipment with tracking number JDX000000000001');

    const { record } = await ship();
    const good = { carrier: 'SF', trackingNo: record.trackingNo, status: 'collected', time: at(5), description: '已揽收' };
    const badStatus = await push({ ...good, status: 'lost' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.data.msg).toContain('轨迹状态');
    const created = await push({ ...good, status: 'cancelled' });
    expect(created.status).toBe(400);
    const badTime = await push({ ...good, time: 'yesterday' });
    expect(badTime.status).toBe(400);
    expect(badTime.data.msg).toContain('轨迹时间');
    const noDesc = await push({ ...good, description: undefined });
    expect(noDesc.status).toBe(400);
    expect(noDesc.data.msg).toContain('轨迹描述');
    const future = await push({ ...good, time: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.data.msg).toContain('晚于当前时间');
    const notJson = await push(null, { raw: '{"carrier":' });
    expect(notJson.status).toBe(400);
    const extra = await push({ ...good, weight: 3 });
    expect(extra.status).toBe(400);
  });

  it('uses DELIVERY_SECRET when set and refuses the dev default in production', async () => {
    const { record } = await ship();
    const body = { carrier: 'SF', trackingNo: record.trackingNo, status: 'collected', time: at(5), description: '已揽收' };
    process.env.NODE_ENV = 'production';
    delete process.env.DELIVERY_SECRET;
    const refused = await push(body);
    expect(refused.status).toBe(503);
    expect(refused.data.msg).toContain('DELIVERY_SECRET');
    process.env.DELIVERY_SECRET = 'carrier-shared-secret-2026';
    expect((await push(body)).status).toBe(401);
    expect((await push(body, { secret: 'carrier-shared-secret-2026' })).data.code).toBe(0);
  });
});
