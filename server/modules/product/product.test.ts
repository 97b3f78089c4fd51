import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { sandboxProducts } from '../../platforms/sandbox/generate';
import { authorizeSandboxShop, listen, settledShop } from '../merchantAuth/oauth-flow.testkit';

let t: TestApp;
let admin: string;
let finance: string;
let shopId: string;
const ACCOUNT = 'it-products-1';
const expected = sandboxProducts(ACCOUNT);
const expectedSkus = expected.reduce((n, p) => n + p.skus.length, 0);

beforeAll(async () => {
  t = await createTestApp();
  const base = await listen(t);
  admin = await t.login('admin', 'admin123');
  finance = await t.login('finance', 'finance123');
  const m = await t.db.query<{ id: bigint }>(`SELECT id FROM merchants WHERE status = 'enabled' ORDER BY created_at, id LIMIT 1`);
  const flow = await authorizeSandboxShop(base, admin, { merchantId: String(m.rows[0].id), platform: 'sandbox' }, ACCOUNT);
  expect(flow.callback.status).toBe(200);
  const s = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND platform_shop_id = $1`, [ACCOUNT]);
  shopId = String(s.rows[0].id);
  // Authorising a shop syncs its products at once (merchantAuth shop-sync.ts); start from a shop never synced.
  await settledShop(base, admin, shopId);
  await t.db.query('DELETE FROM skus WHERE product_id IN (SELECT id FROM products WHERE shop_id = $1)', [shopId]);
  await t.db.query('DELETE FROM products WHERE shop_id = $1', [shopId]);
});
afterAll(() => t?.close());

async function counts() {
  const r = await t.db.query<{ p: number; k: number }>(
    `SELECT (SELECT count(*)::int FROM products WHERE shop_id = $1) AS p,
            (SELECT count(*)::int FROM skus k JOIN products p ON p.id = k.product_id WHERE p.shop_id = $1) AS k`,
    [shopId],
  );
  return r.rows[0];
}

describe('GET /product/sync', () => {
  it("creates the shop's products and SKUs, and a re-run updates without duplicating", async () => {
    const first = await t.get('/api/product/sync', { token: admin, query: { shopId } });
    expect(first.data.code).toBe(0);
    expect(first.data.data).toMatchObject({
      shops: 1,
      synced: 1,
      productsCreated: expected.length,
      productsUpdated: 0,
      skusCreated: expectedSkus,
      truncated: false,
    });
    expect(await counts()).toEqual({ p: expected.length, k: expectedSkus });

    const second = await t.get('/api/product/sync', { token: admin, query: { shopId } });
    expect(second.data.data).toMatchObject({ productsCreated: 0, productsUpdated: expected.length, skusCreated: 0, skusUpdated: expectedSkus });
    expect(await counts()).toEqual({ p: expected.length, k: expectedSkus });

    const shop = await t.get('/api/merchantAuth/detail', { token: admin, query: { id: shopId } });
    expect(shop.data.data.productCount).toBe(expected.length);
    expect(shop.data.data.lastSyncAt).toBeTruthy();
  });

  it('syncs every authorised shop, listing those without an adapter as skipped', async () => {
    const res = await t.get('/api/product/sync', { token: admin });
    const report = res.data.data;
    expect(report.failed).toEqual([]);
    const sandboxShops = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shops WHERE auth_status = 'authorized' AND platform = 'sandbox'`);
    expect(report.synced).toBe(sandboxShops.rows[0].n);
    expect(report.skipped.length).toBeGreaterThan(0);
    expect(report.skipped[0].reason).toBe('所在平台暂未接入开放平台，未同步');
    expect(await counts()).toEqual({ p: expected.length, k: expectedSkus });
  });

  it('is admin only, and refuses unknown, bad or unauthorised shops', async () => {
    expect((await t.get('/api/product/sync', { token: finance })).statusCode).toBe(403);
    expect((await t.get('/api/product/sync', { token: admin, query: { shopId: '12345' } })).statusCode).toBe(404);
    const bad = await t.get('/api/product/sync', { token: admin, query: { shopId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toContain('所属店铺');
    const taobao = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'taobao' LIMIT 1`);
    const noAdapter = await t.get('/api/product/sync', { token: admin, query: { shopId: String(taobao.rows[0].id) } });
    expect(noAdapter.statusCode).toBe(409);
    expect(noAdapter.data.msg).toContain('暂未接入');
  });

  it('refreshes an expiring token, and marks the shop expired when the platform refuses the refresh', async () => {
    const before = await t.db.query<{ access_token: string }>('SELECT access_token FROM shops WHERE id = $1', [shopId]);
    await t.db.query(`UPDATE shops SET token_expires_at = now() - interval '1 minute' WHERE id = $1`, [shopId]);
    const res = await t.get('/api/product/sync', { token: admin, query: { shopId } });
    expect(res.data.code).toBe(0);
    const after = await t.db.query<{ access_token: string; auth_status: string; token_expires_at: Date }>(
      'SELECT access_token, auth_status, token_expires_at FROM shops WHERE id = $1',
      [shopId],
    );
    expect(after.rows[0].access_token).not.toBe(before.rows[0].access_token);
    expect(after.rows[0].auth_status).toBe('authorized');
    expect(after.rows[0].token_expires_at.getTime()).toBeGreaterThan(Date.now());

    // A second shop whose refresh token the platform does not know.
    const other = await t.db.query<{ id: bigint }>(`SELECT id FROM shops WHERE platform = 'sandbox' AND auth_status = 'authorized' AND id <> $1 LIMIT 1`, [
      shopId,
    ]);
    const otherId = String(other.rows[0].id);
    await t.db.query(`UPDATE shops SET token_expires_at = now() - interval '1 minute', refresh_token = 'sbx_rt_unknown' WHERE id = $1`, [otherId]);
    const refused = await t.get('/api/product/sync', { token: admin, query: { shopId: otherId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.msg).toContain('重新授权');
    const st = await t.db.query<{ auth_status: string }>('SELECT auth_status FROM shops WHERE id = $1', [otherId]);
    expect(st.rows[0].auth_status).toBe('expired');
  });
});

describe('GET /product/list and /product/detail', () => {
  it('filters by shop, platform, title and status, with SKU count and service price range', async () => {
    const res = await t.get('/api/product/list', { token: finance, query: { shopId, pageSize: 100 } });
    expect(res.data.data.total).toBe(expected.length);
    const first = expected[0];
    const row = res.data.data.list.find((r: any) => r.platformProductId === first.platformProductId);
    expect(row).toMatchObject({ title: first.title, platform: 'sandbox', shopId, price: first.price, status: first.status });
    expect(row.skuCount).toBe(first.skus.filter((s) => s.enabled).length);
    expect(row.imageUrl).toContain('/api/public/sandbox/image?productId=');
    expect(row.servicePriceRange).toBe('0.00');

    const word = first.title.slice(0, 4);
    const byTitle = await t.get('/api/product/list', { token: finance, query: { shopId, title: word } });
    expect(byTitle.data.data.list.every((r: any) => r.title.includes(word))).toBe(true);
    const off = await t.get('/api/product/list', { token: finance, query: { shopId, status: 'off_sale' } });
    expect(off.data.data.total).toBe(expected.filter((p) => p.status === 'off_sale').length);
    const jd = await t.get('/api/product/list', { token: finance, query: { platform: 'jd', pageSize: 100 } });
    expect(jd.data.data.list.every((r: any) => r.platform === 'jd')).toBe(true);
    const sorted = await t.get('/api/product/list', { token: finance, query: { sortField: 'price', sortOrder: 'ascend', pageSize: 50 } });
    const prices = sorted.data.data.list.map((r: any) => Number(r.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    expect((await t.get('/api/product/list', { token: finance, query: { status: 'gone' } })).statusCode).toBe(400);
    expect((await t.get('/api/product/list', { token: finance, query: { merchantId: '1;drop' } })).statusCode).toBe(400);
    expect((await t.get('/api/product/list', { token: finance, query: { sortField: 'secret' } })).statusCode).toBe(400);
  });

  it('detail by id; unknown or malformed ids are refused', async () => {
    const list = await t.get('/api/product/list', { token: finance, query: { shopId, pageSize: 1 } });
    const id = list.data.data.list[0].id;
    const res = await t.get('/api/product/detail', { token: finance, query: { id } });
    expect(res.data.data).toMatchObject({ id, shopId, merchantName: expect.any(String), shopName: expect.any(String) });
    expect((await t.get('/api/product/detail', { token: finance, query: { id: '42' } })).statusCode).toBe(404);
    expect((await t.get('/api/product/detail', { token: finance, query: { id: 'abc' } })).statusCode).toBe(400);
    expect((await t.get('/api/product/detail', { token: finance })).statusCode).toBe(400);
  });
});

describe('SKUs', () => {
  async function aProduct() {
    const p = expected.find((x) => x.skus.length > 1)!;
    const r = await t.db.query<{ id: bigint }>('SELECT id FROM products WHERE shop_id = $1 AND platform_product_id = $2', [shopId, p.platformProductId]);
    return { id: String(r.rows[0].id), platform: p };
  }

  it("/sku/list lists a product's SKUs", async () => {
    const { id, platform } = await aProduct();
    const res = await t.get('/api/sku/list', { token: finance, query: { productId: id } });
    expect(res.data.data.map((s: any) => s.platformSkuId).sort()).toEqual(platform.skus.map((s) => s.platformSkuId).sort());
    expect(res.data.data[0]).toMatchObject({ productId: id, servicePrice: '0.00' });
    const missing = await t.get('/api/sku/list', { token: finance });
    expect(missing.statusCode).toBe(400);
    expect(missing.data.msg).toContain('商品');
    expect((await t.get('/api/sku/list', { token: finance, query: { productId: '77' } })).statusCode).toBe(404);
  });

  it('/sku/edit sets the service price (admin only, money ≥ 0) and a sync keeps it', async () => {
    const { id } = await aProduct();
    const skus = (await t.get('/api/sku/list', { token: finance, query: { productId: id } })).data.data;
    const sku = skus[0];
    const ok = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '88.50' }, { token: admin });
    expect(ok.data.code).toBe(0);
    expect(ok.data.data).toMatchObject({ id: sku.id, servicePrice: '88.50', price: sku.price });
    const zero = await t.post('/api/sku/edit', { id: skus[1].id, servicePrice: '0' }, { token: admin });
    expect(zero.data.data.servicePrice).toBe('0.00');

    for (const bad of ['-1', '-0.01', 'abc', '1.234', '']) {
      const r = await t.post('/api/sku/edit', { id: sku.id, servicePrice: bad }, { token: admin });
      expect(r.statusCode, bad).toBe(400);
      expect(r.data.msg, bad).toContain('服务结算价');
    }
    const noPrice = await t.post('/api/sku/edit', { id: sku.id }, { token: admin });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.data.msg).toContain('服务结算价');
    const role = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '1.00' }, { token: finance });
    expect(role.statusCode).toBe(403);
    expect((await t.post('/api/sku/edit', { id: '5', servicePrice: '1.00' }, { token: admin })).statusCode).toBe(404);

    const detail = await t.get('/api/product/detail', { token: finance, query: { id } });
    expect(detail.data.data.servicePriceRange).toBe('0.00 ~ 88.50');

    await t.get('/api/product/sync', { token: admin, query: { shopId } });
    const after = (await t.get('/api/sku/list', { token: finance, query: { productId: id } })).data.data;
    expect(after.find((s: any) => s.id === sku.id).servicePrice).toBe('88.50');
  });

  it("/sku/edit refuses a service price above the SKU's sale price, naming both amounts, in both locales", async () => {
    const { id } = await aProduct();
    const sku = (await t.get('/api/sku/list', { token: finance, query: { productId: id } })).data.data[0];
    await t.db.query(`UPDATE skus SET price = 231, service_price = 100 WHERE id = $1`, [sku.id]);
    const zh = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '99999.00' }, { token: admin });
    expect(zh.statusCode).toBe(400);
    expect(zh.data.msg).toBe('服务结算价 ¥99,999.00 不能高于该规格的售价 ¥231.00');
    const en = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '231.01' }, { token: admin, locale: 'en-US' });
    expect(en.statusCode).toBe(400);
    expect(en.data.msg).toBe("The service price ¥231.01 cannot be above the SKU's sale price ¥231.00");
    const row = await t.db.query<{ sp: string }>('SELECT service_price::text AS sp FROM skus WHERE id = $1', [sku.id]);
    expect(row.rows[0].sp).toBe('100.00');
    const equal = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '231' }, { token: admin });
    expect(equal.data.data).toMatchObject({ servicePrice: '231.00', price: '231.00' });
  });

  it('/sku/list: every SKU field as the wire sends it, enabled first, and the keyword filters by name', async () => {
    const { id, platform } = await aProduct();
    const [first, second] = platform.skus;
    await t.db.query(`UPDATE skus SET enabled = false WHERE product_id = $1 AND platform_sku_id = $2`, [id, first.platformSkuId]);
    const rows = (await t.get('/api/sku/list', { token: finance, query: { productId: id } })).data.data;
    expect(rows.at(-1).platformSkuId).toBe(first.platformSkuId);
    expect(rows.map((r: any) => r.enabled)).toEqual([...rows.map(() => true).slice(1), false]);
    const db = await t.db.query<Record<string, any>>(
      `SELECT id::text, platform_sku_id, name, price::text, service_price::text, stock, synced_at, updated_at FROM skus WHERE product_id = $1 AND platform_sku_id = $2`,
      [id, second.platformSkuId],
    );
    const k = db.rows[0];
    expect(rows.find((r: any) => r.platformSkuId === second.platformSkuId)).toEqual({
      id: k.id,
      productId: id,
      platformSkuId: k.platform_sku_id,
      name: k.name,
      price: k.price,
      servicePrice: k.service_price,
      stock: k.stock,
      enabled: true,
      syncedAt: k.synced_at.toISOString(),
      updatedAt: k.updated_at.toISOString(),
    });
    await t.db.query(`UPDATE skus SET name = '大号 50%_款' WHERE id = $1`, [k.id]);
    const hit = (await t.get('/api/sku/list', { token: finance, query: { productId: id, keyword: ' 50%_ ' } })).data.data;
    expect(hit.map((r: any) => r.id)).toEqual([k.id]);
    expect((await t.get('/api/sku/list', { token: finance, query: { productId: id, keyword: '50%x' } })).data.data).toEqual([]);
    expect((await t.get('/api/sku/list', { token: finance, query: { productId: id, keyword: ' ' } })).data.data).toHaveLength(rows.length);
    await t.db.query(`UPDATE skus SET enabled = true WHERE product_id = $1`, [id]);
  });

  it("a merchant-bound user reaches its merchant's SKUs only; another merchant's answer as missing", async () => {
    const { id } = await aProduct();
    const sku = (await t.get('/api/sku/list', { token: admin, query: { productId: id } })).data.data[0];
    const own = await t.db.query<{ merchant_id: bigint }>('SELECT merchant_id FROM products WHERE id = $1', [id]);
    const other = await t.db.query<{ id: bigint }>('SELECT id FROM merchants WHERE id <> $1 ORDER BY id LIMIT 1', [own.rows[0].merchant_id]);
    const bound = async (username: string, merchantId: bigint) => {
      const add = { username, nickname: username, password: 'Scope1234', roles: ['admin'], enabled: true, merchantId: String(merchantId) };
      expect((await t.post('/api/user/add', add, { token: admin })).data.code).toBe(0);
      return t.login(username, 'Scope1234');
    };
    const mine = await bound('skuown', own.rows[0].merchant_id);
    const theirs = await bound('skuother', other.rows[0].id);
    expect((await t.get('/api/sku/list', { token: mine, query: { productId: id } })).data.data[0].id).toBe(sku.id);
    const edited = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '1.00' }, { token: mine });
    expect(edited.data.data).toMatchObject({ id: sku.id, servicePrice: '1.00' });

    const outside = await t.get('/api/sku/list', { token: theirs, query: { productId: id } });
    const missing = await t.get('/api/sku/list', { token: theirs, query: { productId: '77' } });
    expect(outside.statusCode).toBe(404);
    expect(outside.data.msg.replace(id, '<id>')).toBe(missing.data.msg.replace('77', '<id>'));
    const refused = await t.post('/api/sku/edit', { id: sku.id, servicePrice: '2.00' }, { token: theirs });
    const none = await t.post('/api/sku/edit', { id: '5', servicePrice: '2.00' }, { token: theirs });
    expect(refused.statusCode).toBe(404);
    expect(refused.data.msg.replace(sku.id, '<id>')).toBe(none.data.msg.replace('5', '<id>'));
    const row = await t.db.query<{ sp: string }>('SELECT service_price::text AS sp FROM skus WHERE id = $1', [sku.id]);
    expect(row.rows[0].sp).toBe('1.00');
  });

  it('/sku/sync refreshes one product (by productId or id); admin only', async () => {
    const { id, platform } = await aProduct();
    await t.db.query(`UPDATE skus SET name = 'stale' WHERE product_id = $1`, [id]);
    const res = await t.get('/api/sku/sync', { token: admin, query: { productId: id } });
    expect(res.data.data).toMatchObject({ found: true, skusCreated: 0, skusUpdated: platform.skus.length });
    const names = (await t.get('/api/sku/list', { token: finance, query: { productId: id } })).data.data.map((s: any) => s.name);
    expect(names).not.toContain('stale');
    const byId = await t.get('/api/sku/sync', { token: admin, query: { id } });
    expect(byId.data.code).toBe(0);
    expect((await t.get('/api/sku/sync', { token: finance, query: { productId: id } })).statusCode).toBe(403);
    const none = await t.get('/api/sku/sync', { token: admin });
    expect(none.statusCode).toBe(400);
    expect(none.data.msg).toContain('商品');
  });
});
