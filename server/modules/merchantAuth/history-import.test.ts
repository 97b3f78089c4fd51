import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { sandboxTrades } from '../../platforms/sandbox/generate';
import appJson from '../../../schemas/app.json';
import { todayIn } from '../../../src/schema/time-zone';
import { authorizeSandboxShop, listen, settledShop } from './oauth-flow.testkit';

let t: TestApp;
let admin: string;
let finance: string;
let base: string;
let merchantId: string;

const DAY = 86_400_000;
const day = (offset: number) =>
  new Date(new Date(`${todayIn(appJson.timeZone)}T00:00:00+08:00`).getTime() + offset * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
/** A past range, so the expected trades cannot change while the test runs. */
const RANGE: [string, string] = [day(-30), day(-1)];
const rangeTimes = () => ({ start: new Date(`${RANGE[0]}T00:00:00+08:00`), end: new Date(new Date(`${RANGE[1]}T00:00:00+08:00`).getTime() + DAY) });

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await t.login('admin', 'admin123');
  finance = await t.login('finance', 'finance123');
  const m = await t.db.query<{ id: bigint }>(`SELECT id FROM merchants WHERE status = 'enabled' ORDER BY created_at, id LIMIT 1`);
  merchantId = String(m.rows[0].id);
});
afterAll(() => t?.close());

/** A shop just authorised, once the product sync its authorisation started has ended. */
async function newShop(account: string): Promise<string> {
  const flow = await authorizeSandboxShop(base, admin, { merchantId, platform: 'sandbox' }, account);
  expect(flow.callback.status).toBe(200);
  const s = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND platform_shop_id = $1`, [account]);
  const shopId = String(s.rows[0].id);
  expect((await settledShop(base, admin, shopId)).syncStatus).toBe('done');
  return shopId;
}

/** A shop authorised before products synced on authorisation: nothing synced yet. */
async function neverSyncedShop(account: string): Promise<string> {
  const shopId = await newShop(account);
  await t.db.query('DELETE FROM skus WHERE product_id IN (SELECT id FROM products WHERE shop_id = $1)', [shopId]);
  await t.db.query('DELETE FROM products WHERE shop_id = $1', [shopId]);
  await t.db.query('UPDATE shops SET last_sync_at = NULL, sync_status = NULL WHERE id = $1', [shopId]);
  return shopId;
}

describe('POST /merchantAuth/getHistoryTrades', () => {
  it("imports the range's trades as orders once; a re-run skips them all", async () => {
    const account = 'it-import-1';
    const shopId = await newShop(account);
    expect((await t.get('/api/merchantAuth/syncProducts', { token: admin, query: { id: shopId } })).data.code).toBe(0);
    const trades = sandboxTrades(account, rangeTimes(), new Date());
    expect(trades.length).toBeGreaterThan(10);

    const first = await t.post('/api/merchantAuth/getHistoryTrades', { id: shopId, importRange: RANGE }, { token: admin });
    expect(first.data.code).toBe(0);
    expect(first.data.data).toMatchObject({ status: 'done', fetched: trades.length, imported: trades.length, skipped: 0, unmatched: 0, failed: 0 });

    const orders = await t.db.query<{
      platform_trade_no: string;
      source: string;
      product_id: bigint | null;
      sku_id: bigint | null;
      paid_amount: string;
      customer_phone: string;
      created_at: Date;
    }>(`SELECT platform_trade_no, source, product_id, sku_id, paid_amount, customer_phone, created_at FROM orders WHERE shop_id = $1 ORDER BY created_at`, [
      shopId,
    ]);
    expect(orders.rows.map((o) => o.platform_trade_no)).toEqual(trades.map((x) => x.tradeNo));
    expect(orders.rows.every((o) => o.source === 'import' && o.product_id !== null && o.sku_id !== null)).toBe(true);
    expect(orders.rows[0].paid_amount).toBe(trades[0].payment);
    expect(orders.rows[0].created_at.toISOString()).toBe(trades[0].createdAt.toISOString());

    const again = await t.post('/api/merchantAuth/getHistoryTrades', { id: shopId, importRange: RANGE }, { token: admin });
    expect(again.data.data).toMatchObject({ status: 'done', fetched: trades.length, imported: 0, skipped: trades.length });
    const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE shop_id = $1', [shopId]);
    expect(count.rows[0].n).toBe(trades.length);

    const imports = await t.get('/api/merchantAuth/imports', { token: finance, query: { id: shopId } });
    expect(imports.data.data.map((r: any) => [r.status, r.imported, r.skipped])).toEqual([
      ['done', 0, trades.length],
      ['done', trades.length, 0],
    ]);
    expect(imports.data.data[0].operator).toBeTruthy();
    const detail = await t.get('/api/merchantAuth/detail', { token: finance, query: { id: shopId } });
    expect(detail.data.data.orderCount).toBe(trades.length);
  });

  it("syncs a never-synced shop's products first, so its trades match SKUs", async () => {
    const shopId = await neverSyncedShop('it-import-2');
    const range: [string, string] = [day(-5), day(-1)];
    const res = await t.post('/api/merchantAuth/getHistoryTrades', { id: shopId, importRange: range }, { token: admin });
    expect(res.data.data.productsSynced).toBeGreaterThan(0);
    expect(res.data.data.imported).toBeGreaterThan(0);
    expect(res.data.data.unmatched).toBe(0);
  });

  it('imports trades without a synced product, counting them as unmatched', async () => {
    const shopId = await neverSyncedShop('it-import-3');
    // Synced once, before these products existed on the platform: no auto-sync, nothing to match.
    await t.db.query('UPDATE shops SET last_sync_at = now() WHERE id = $1', [shopId]);
    const range: [string, string] = [day(-5), day(-1)];
    const res = await t.post('/api/merchantAuth/getHistoryTrades', { id: shopId, importRange: range }, { token: admin });
    expect(res.data.data.productsSynced).toBe(0);
    expect(res.data.data.imported).toBeGreaterThan(0);
    expect(res.data.data.unmatched).toBe(res.data.data.imported);
    const o = await t.db.query<{ product_id: bigint | null; product_title: string }>(
      'SELECT product_id, product_title FROM orders WHERE shop_id = $1 LIMIT 1',
      [shopId],
    );
    expect(o.rows[0].product_id).toBeNull();
    expect(o.rows[0].product_title.length).toBeGreaterThan(0);
  });

  it('validates the range, the shop and the role', async () => {
    const shop = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND auth_status = 'authorized' LIMIT 1`);
    const id = String(shop.rows[0].id);
    const post = (body: unknown, token = admin) => t.post('/api/merchantAuth/getHistoryTrades', body, { token });

    const long = await post({ id, importRange: [day(-91), day(-1)] });
    expect(long.statusCode).toBe(400);
    expect(long.data.msg).toContain('90');
    expect(long.data.msg).toContain('交易时间范围');
    const exactly90 = await post({ id, importRange: [day(-90), day(-1)] });
    expect(exactly90.data.code).toBe(0);
    const reversed = await post({ id, importRange: [day(-1), day(-5)] });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.data.msg).toContain('开始日期');
    const future = await post({ id, importRange: [day(-1), day(2)] });
    expect(future.statusCode).toBe(400);
    expect(future.data.msg).toContain('今天');
    const missing = await post({ id });
    expect(missing.statusCode).toBe(400);
    expect(missing.data.msg).toContain('交易时间范围');
    const notDates = await post({ id, importRange: ['yesterday', 'today'] });
    expect(notDates.statusCode).toBe(400);
    const one = await post({ id, importRange: [day(-1)] });
    expect(one.statusCode).toBe(400);
    expect((await post({ id: '999', importRange: RANGE })).statusCode).toBe(404);
    expect((await post({ id, importRange: RANGE }, finance)).statusCode).toBe(403);

    const taobao = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'taobao' AND auth_status = 'authorized' LIMIT 1`);
    const noAdapter = await post({ id: String(taobao.rows[0].id), importRange: RANGE });
    expect(noAdapter.statusCode).toBe(409);
    const pending = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE auth_status = 'unbound' LIMIT 1`);
    const unbound = await post({ id: String(pending.rows[0].id), importRange: RANGE });
    expect(unbound.statusCode).toBe(409);
  });
});
