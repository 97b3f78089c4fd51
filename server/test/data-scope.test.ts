/**
 * Data scope, role × resource × operation, on the fully seeded app (PGlite, or PostgreSQL with
 * DATABASE_URL). Who:
 *   admin, finance        unbound: every row
 *   dispatcher            the demo account, bound to store S (the store with most orders)
 *   merchant user         role finance, bound (through POST /user/add) to M, the merchant of S
 *   loner                 role dispatcher, bound to nothing: no row
 * What: list, count and status-tab counts, detail, logs, export and actions on orders; stores,
 * merchants, shops (a store-bound user sees its store's merchant's shops, manages none), products,
 * logistics orders, staff; the dictionaries; the dashboard. Expected
 * numbers come from the database; a row outside the scope must answer exactly as a missing id.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from './helper';

let t: TestApp;
const tok: Record<'admin' | 'finance' | 'dispatcher' | 'merchant' | 'loner', string> = {} as any;
let S: string; // the dispatcher's store
let M: string; // S's merchant, the merchant user's binding
const MISSING = '1234567890123456789';

const n = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: bigint }>(sql, params)).rows[0].n);
const one = async (sql: string, params: unknown[] = []) => String(Object.values((await t.db.query<Record<string, unknown>>(sql, params)).rows[0])[0]);

/** The answer a client sees, with the asked id masked (some messages name the id they did not find). */
const answer = (r: TestResponse, id: string) => ({ status: r.statusCode, code: r.data.code, msg: String(r.data.msg).replace(id, '<id>'), data: r.data.data });

/** `path` asked for an out-of-scope `id` answers exactly as for an id that does not exist. */
async function likeMissing(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  id: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const ask = (x: string, k: string) =>
    method === 'GET'
      ? t.get(path, { token, query: { ...body, id: x } as any })
      : t.post(
          path,
          { ...body, id: x },
          { token, headers: { ...headers, ...(headers['idempotency-key'] ? { 'idempotency-key': headers['idempotency-key'] + k } : {}) } },
        );
  const outside = await ask(id, 'a');
  const missing = await ask(MISSING, 'b');
  expect(outside.statusCode).toBeGreaterThanOrEqual(400);
  expect(answer(outside, id)).toEqual(answer(missing, MISSING));
}

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = await t.login('admin', 'admin123');
  tok.finance = await t.login('finance', 'finance123');
  tok.dispatcher = await t.login('dispatcher', 'dispatcher123');
  S = await one(`SELECT store_id FROM users WHERE username = 'dispatcher'`);
  M = await one('SELECT merchant_id FROM stores WHERE id = $1', [S]);
  const add = (username: string, roles: string[], binding: Record<string, string>) =>
    t.post('/api/user/add', { username, nickname: username, password: 'Scope1234', roles, enabled: true, ...binding }, { token: tok.admin });
  expect((await add('mchuser', ['finance'], { merchantId: M })).data.code).toBe(0);
  expect((await add('loner', ['dispatcher'], {})).data.code).toBe(0);
  tok.merchant = await t.login('mchuser', 'Scope1234');
  // The demo seed gives M shops but maybe no product: give it one, so its product list has rows.
  const shop = await one('SELECT id::text FROM shops WHERE merchant_id = $1 LIMIT 1', [M]);
  await t.db.query(
    `INSERT INTO products (id, shop_id, merchant_id, platform, platform_product_id, title, price)
    SELECT $1, s.id, s.merchant_id, s.platform, 'scope-test-1', '范围测试商品', 10 FROM shops s WHERE s.id = $2`,
    [String(t.nextId()), shop],
  );
  tok.loner = await t.login('loner', 'Scope1234');
}, 180_000);
afterAll(() => t?.close());

describe('bindings', () => {
  it('the demo dispatcher is bound to a store with orders; user info carries the binding', async () => {
    expect(await n('SELECT count(*) AS n FROM orders WHERE store_id = $1', [S])).toBeGreaterThan(20);
    expect((await t.get('/api/user/info', { token: tok.dispatcher })).data.data).toMatchObject({ storeId: S, merchantId: null });
    expect((await t.get('/api/user/info', { token: tok.merchant })).data.data).toMatchObject({ storeId: null, merchantId: M });
    expect((await t.get('/api/user/info', { token: tok.admin })).data.data).toMatchObject({ storeId: null, merchantId: null });
  });

  it('a user is bound to a store or a merchant, never both; names come back for the staff screen', async () => {
    const both = await t.post(
      '/api/user/add',
      { username: 'twobind', nickname: 'x', password: 'Scope1234', roles: ['dispatcher'], storeId: S, merchantId: M },
      { token: tok.admin, locale: 'en-US' },
    );
    expect(both.statusCode).toBe(400);
    expect(both.data.msg).toBe('Bind the user to a store or to a merchant, not both');
    const list = await t.get('/api/user/list', { token: tok.admin, query: { username: 'mchuser' } });
    expect(list.data.data.list[0]).toMatchObject({ merchantId: M, merchantName: await one('SELECT name FROM merchants WHERE id = $1', [M]), storeId: null });
    const unknown = await t.post('/api/user/edit', { id: list.data.data.list[0].id, merchantId: MISSING }, { token: tok.admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.msg).toContain('所属商户');
  });
});

type Who = keyof typeof tok;
/** Each user's order rows: the SQL condition on orders o that defines them. */
const ORDER_SCOPE: Record<Who, () => [string, unknown[]]> = {
  admin: () => ['TRUE', []],
  finance: () => ['TRUE', []],
  dispatcher: () => ['o.store_id = $1', [S]],
  merchant: () => ['o.merchant_id = $1', [M]],
  loner: () => ['FALSE', []],
};

describe('orders: list, count, tab counts, export (every role)', () => {
  it.each(Object.keys(ORDER_SCOPE) as Who[])('%s', async (who) => {
    const [cond, params] = ORDER_SCOPE[who]();
    const expected = await n(`SELECT count(*) AS n FROM orders o WHERE ${cond}`, params);
    if (who === 'admin' || who === 'finance') expect(expected).toBe(2000);
    const list = await t.get('/api/order/list', { token: tok[who], query: { pageSize: 200 } });
    expect(list.data.data.total).toBe(expected);
    for (const o of list.data.data.list) {
      if (who === 'dispatcher') expect(o.storeId).toBe(S);
      if (who === 'merchant') expect(o.merchantId).toBe(M);
    }
    const counts = (await t.get('/api/order/count', { token: tok[who] })).data.data as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(expected);
    const assigned = await n(`SELECT count(*) AS n FROM orders o WHERE ${cond} AND o.status = 'assigned'`, params);
    expect(counts.assigned).toBe(assigned);
    const tab = await t.get('/api/order/list', { token: tok[who], query: { status: 'assigned' } });
    expect(tab.data.data.total).toBe(assigned);
    // A filter naming another store cannot widen the scope.
    const other = await one(`SELECT store_id FROM orders WHERE store_id <> $1 AND merchant_id <> $2 LIMIT 1`, [S, M]);
    const widened = await t.get('/api/order/list', { token: tok[who], query: { storeId: other } });
    expect(widened.data.data.total).toBe(who === 'admin' || who === 'finance' ? await n('SELECT count(*) AS n FROM orders WHERE store_id = $1', [other]) : 0);

    if (who === 'dispatcher' || who === 'loner') {
      const exp = await t.get('/api/order/export', { token: tok[who] });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(exp.rawPayload as any);
      expect(wb.worksheets[0].rowCount - 1).toBe(expected);
    }
  });
});

describe('orders: detail, logs and actions outside the scope answer as a missing id', () => {
  let inS: string; // an assigned order of S
  let outS: string; // an assigned order of another merchant's store
  beforeAll(async () => {
    inS = await one(`SELECT id::text FROM orders WHERE store_id = $1 AND status = 'assigned' ORDER BY id LIMIT 1`, [S]);
    outS = await one(`SELECT id::text FROM orders WHERE merchant_id <> $1 AND status = 'assigned' ORDER BY id LIMIT 1`, [M]);
  });

  it("dispatcher (store S): reads and remarks on its store's orders only", async () => {
    const d = tok.dispatcher;
    expect((await t.get('/api/order/getById', { token: d, query: { id: inS } })).data.data.id).toBe(inS);
    expect((await t.get('/api/order/logs', { token: d, query: { id: inS } })).data.code).toBe(0);
    expect((await t.post('/api/order/remark', { id: inS, remark: '已联系' }, { token: d })).data.code).toBe(0);
    const before = await one('SELECT updated_at::text FROM orders WHERE id = $1', [outS]);
    await likeMissing(d, 'GET', '/api/order/getById', outS);
    await likeMissing(d, 'GET', '/api/order/logs', outS);
    await likeMissing(d, 'POST', '/api/order/remark', outS, { remark: '越权备注' });
    expect(await one('SELECT updated_at::text FROM orders WHERE id = $1', [outS])).toBe(before);
    expect(await n(`SELECT count(*) AS n FROM order_logs WHERE order_id = $1 AND remark = '越权备注'`, [outS])).toBe(0);
  });

  it("merchant user (finance, merchant M): money actions on another merchant's order answer as missing and change nothing", async () => {
    const m = tok.merchant;
    const before = await one('SELECT row_to_json(o)::text FROM orders o WHERE id = $1', [outS]);
    await likeMissing(m, 'POST', '/api/order/adjustPrice', outS, { newAmount: '1.00', reason: 'x' }, { 'idempotency-key': `adj-${Date.now()}` });
    await likeMissing(m, 'POST', '/api/order/refund', outS, { refundAmount: '1.00', reason: 'x' }, { 'idempotency-key': `ref-${Date.now()}` });
    await likeMissing(m, 'POST', '/api/order/confirmSettle', outS, {}, { 'idempotency-key': `cs-${Date.now()}` });
    await likeMissing(m, 'GET', '/api/order/getById', outS);
    expect(await one('SELECT row_to_json(o)::text FROM orders o WHERE id = $1', [outS])).toBe(before);
    expect((await t.get('/api/order/getById', { token: m, query: { id: inS } })).data.data.id).toBe(inS);
  });

  it('a merchant-bound admin: assign, work order, close and edit outside the scope answer as missing; assign only to its stores', async () => {
    expect(
      (await t.post('/api/user/add', { username: 'mchadmin', nickname: 'a', password: 'Scope1234', roles: ['admin'], merchantId: M }, { token: tok.admin }))
        .data.code,
    ).toBe(0);
    const a = await t.login('mchadmin', 'Scope1234');
    const otherStore = await one(`SELECT id::text FROM stores WHERE merchant_id <> $1 LIMIT 1`, [M]);
    await likeMissing(a, 'POST', '/api/order/assign/manual', outS, { storeId: S });
    await likeMissing(a, 'POST', '/api/order/workOrder', outS, { workOrderType: 'install', appointmentAt: '2026-12-01T08:00:00Z' });
    await likeMissing(a, 'POST', '/api/order/close', outS, { reason: 'x' });
    await likeMissing(a, 'POST', '/api/order/edit', outS, { address: '越权地址 1 号' });
    const auto = await t.post('/api/order/assign/auto', { ids: [outS] }, { token: a });
    const autoMissing = await t.post('/api/order/assign/auto', { ids: [MISSING] }, { token: a });
    expect(auto.data.data.failed.map((f: any) => [f.reason, f.message])).toEqual(autoMissing.data.data.failed.map((f: any) => [f.reason, f.message]));
    const toOther = await t.post('/api/order/assign/manual', { id: inS, storeId: otherStore }, { token: a });
    const toMissing = await t.post('/api/order/assign/manual', { id: inS, storeId: MISSING }, { token: a });
    expect(answer(toOther, otherStore)).toEqual(answer(toMissing, MISSING));
    // Its staff screen: it cannot make an unbound (unrestricted) account.
    const unbound = await t.post('/api/user/add', { username: 'escape', nickname: 'e', password: 'Scope1234', roles: ['admin'] }, { token: a });
    expect(unbound.statusCode).toBe(400);
    expect(await n(`SELECT count(*) AS n FROM users WHERE username = 'escape'`)).toBe(0);
  });

  it('admin and finance reach any order', async () => {
    for (const who of ['admin', 'finance'] as const) {
      expect((await t.get('/api/order/getById', { token: tok[who], query: { id: outS } })).data.data.id).toBe(outS);
      expect((await t.get('/api/order/getById', { token: tok[who], query: { id: inS } })).data.data.id).toBe(inS);
    }
  });
});

describe('merchant user (merchant M): stores, merchants, shops, products, logistics, dashboard', () => {
  const m = () => tok.merchant;
  const lists: [string, string, string][] = [
    ['/api/store/list', 'stores', 'merchant_id'],
    ['/api/merchantAuth/list', 'shops', 'merchant_id'],
    ['/api/product/list', 'products', 'merchant_id'],
    ['/api/logisticsOrder/list', 'logistics_orders', 'merchant_id'],
    ['/api/merchant/list', 'merchants', 'id'],
  ];
  it.each(lists)("%s holds M's rows only; admin sees them all", async (path, table, col) => {
    const mine = await n(`SELECT count(*) AS n FROM ${table} WHERE ${col} = $1`, [M]);
    const all = await n(`SELECT count(*) AS n FROM ${table}`);
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(all);
    expect((await t.get(path, { token: m(), query: { pageSize: 200 } })).data.data.total).toBe(mine);
    expect((await t.get(path, { token: tok.admin, query: { pageSize: 200 } })).data.data.total).toBe(all);
    expect((await t.get(path, { token: tok.finance, query: { pageSize: 200 } })).data.data.total).toBe(all);
  });

  it("another merchant's store, merchant, shop, product and shipment answer as missing", async () => {
    const other = (table: string, col = 'merchant_id') => one(`SELECT id::text FROM ${table} WHERE ${col} <> $1 ORDER BY id LIMIT 1`, [M]);
    await likeMissing(m(), 'GET', '/api/store/getById', await other('stores'));
    await likeMissing(m(), 'GET', '/api/store/audits', await other('stores'));
    await likeMissing(m(), 'GET', '/api/merchant/getById', await other('merchants', 'id'));
    await likeMissing(m(), 'GET', '/api/merchant/shops', await other('merchants', 'id'));
    await likeMissing(m(), 'GET', '/api/merchantAuth/detail', await other('shops'));
    await likeMissing(m(), 'GET', '/api/merchantAuth/imports', await other('shops'));
    await likeMissing(m(), 'GET', '/api/product/detail', await other('products'));
    await likeMissing(m(), 'GET', '/api/logisticsOrder/detail', await other('logistics_orders'));
    await likeMissing(m(), 'GET', '/api/logisticsOrder/events', await other('logistics_orders'));
    const own = await one('SELECT id::text FROM products WHERE merchant_id = $1 LIMIT 1', [M]);
    expect((await t.get('/api/product/detail', { token: m(), query: { id: own } })).data.data.id).toBe(own);
  });

  it("dictionaries hold M's stores and shops only", async () => {
    const stores = (await t.get('/api/dict/store', { token: m() })).data.data as any[];
    expect(stores.length).toBe(Math.min(50, await n('SELECT count(*) AS n FROM stores WHERE merchant_id = $1', [M])));
    expect(stores.every((s) => s.merchantId === M)).toBe(true);
    const shops = (await t.get('/api/dict/shop', { token: m() })).data.data as any[];
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every((s) => s.merchantId === M)).toBe(true);
  });

  it("the dashboard equals the admin's dashboard filtered to M", async () => {
    const q = {};
    const mine = await t.get('/api/analytics/performance', { token: m(), query: q });
    const admins = await t.get('/api/analytics/performance', { token: tok.admin, query: { ...q, merchantId: M } });
    const everything = await t.get('/api/analytics/performance', { token: tok.admin, query: q });
    expect(mine.data.code).toBe(0);
    expect(mine.data.data).toEqual(admins.data.data);
    expect(mine.data.data).not.toEqual(everything.data.data);
  });
});

/** The ids of a query's rows, sorted as strings. */
const idsOf = async (sql: string, params: unknown[] = []) => (await t.db.query<{ id: bigint | string }>(sql, params)).rows.map((r) => String(r.id)).sort();
const values = (options: any[]) => options.map((o) => String(o.value)).sort();

describe('dispatcher (store S) and loner (unbound dispatcher): dictionaries', () => {
  it("/dict/store holds S only, /dict/user S's staff only, /dict/shop the shops of S's merchant", async () => {
    const stores = (await t.get('/api/dict/store', { token: tok.dispatcher })).data.data as any[];
    expect(stores.map((s) => s.value)).toEqual([S]);
    const users = (await t.get('/api/dict/user', { token: tok.dispatcher })).data.data as any[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.storeId === S)).toBe(true);
    for (const path of ['/api/dict/store', '/api/dict/user', '/api/dict/shop', '/api/order/list']) {
      const r = await t.get(path, { token: tok.loner });
      expect(r.data.code).toBe(0);
      expect(Array.isArray(r.data.data) ? r.data.data : r.data.data.list).toEqual([]);
    }
    expect((await t.get('/api/dict/store', { token: tok.admin })).data.data.length).toBeGreaterThan(1);
  });

  it("/dict/shop: the dispatcher gets exactly M's shops (those its store's orders come from among them), as the merchant user does", async () => {
    const mine = await idsOf('SELECT id FROM shops WHERE merchant_id = $1', [M]);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(50); // the dictionary's limit: the whole set is compared
    expect(await n('SELECT count(*) AS n FROM shops WHERE merchant_id <> $1', [M])).toBeGreaterThan(0);
    const shops = (await t.get('/api/dict/shop', { token: tok.dispatcher })).data.data as any[];
    expect(values(shops)).toEqual(mine);
    expect(shops.every((o) => o.merchantId === M)).toBe(true);
    const ofOrders = await idsOf('SELECT DISTINCT shop_id AS id FROM orders WHERE store_id = $1 AND shop_id IS NOT NULL', [S]);
    expect(ofOrders.length).toBeGreaterThan(0);
    expect(ofOrders.every((id) => mine.includes(id))).toBe(true);
    // the merchant user: the same shops, as before
    expect(values((await t.get('/api/dict/shop', { token: tok.merchant })).data.data)).toEqual(mine);
    // a filter naming another merchant cannot widen the scope; a keyword narrows within it
    const otherM = await one('SELECT merchant_id FROM shops WHERE merchant_id <> $1 ORDER BY id LIMIT 1', [M]);
    expect((await t.get('/api/dict/shop', { token: tok.dispatcher, query: { merchantId: otherM } })).data.data).toEqual([]);
    const [first] = (await t.db.query<{ id: bigint; name: string }>('SELECT id, name FROM shops WHERE merchant_id = $1 ORDER BY id LIMIT 1', [M])).rows;
    const kw = (await t.get('/api/dict/shop', { token: tok.dispatcher, query: { keyword: first.name } })).data.data as any[];
    expect(kw.map((o) => String(o.value))).toContain(String(first.id));
    expect(kw.every((o) => o.merchantId === M)).toBe(true);
    // admin: every merchant's shops (the first 50)
    const all = (await t.get('/api/dict/shop', { token: tok.admin })).data.data as any[];
    expect(all.length).toBe(Math.min(50, await n('SELECT count(*) AS n FROM shops')));
    expect(all.some((o) => o.merchantId !== M)).toBe(true);
    expect(values((await t.get('/api/dict/shop', { token: tok.admin, query: { merchantId: otherM } })).data.data)).toEqual(
      (await idsOf('SELECT id FROM shops WHERE merchant_id = $1', [otherM])).slice(0, 50),
    );
  });
});

describe("a store-bound admin (store S): sees the shops of S's merchant, manages none", () => {
  let a: string;
  let own: string; // a shop of M
  let other: string; // a shop of another merchant
  beforeAll(async () => {
    const add = await t.post(
      '/api/user/add',
      { username: 'storeadmin', nickname: 's', password: 'Scope1234', roles: ['admin'], storeId: S },
      { token: tok.admin },
    );
    expect(add.data.code).toBe(0);
    a = await t.login('storeadmin', 'Scope1234');
    own = await one('SELECT id::text FROM shops WHERE merchant_id = $1 ORDER BY id LIMIT 1', [M]);
    other = await one('SELECT id::text FROM shops WHERE merchant_id <> $1 ORDER BY id LIMIT 1', [M]);
  });

  it("list, listAll, export and detail hold M's shops only; another merchant's shop answers as missing", async () => {
    const mine = await idsOf('SELECT id FROM shops WHERE merchant_id = $1', [M]);
    const list = (await t.get('/api/merchantAuth/list', { token: a, query: { pageSize: 200 } })).data.data;
    expect(list.total).toBe(mine.length);
    expect(list.list.map((r: any) => String(r.id)).sort()).toEqual(mine);
    expect(((await t.get('/api/shop/listAll', { token: a })).data.data as any[]).map((r) => String(r.id)).sort()).toEqual(mine);
    const exp = await t.get('/api/merchantAuth/export', { token: a });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as any);
    expect(wb.worksheets[0].rowCount - 1).toBe(mine.length);
    expect((await t.get('/api/merchantAuth/detail', { token: a, query: { id: own } })).data.data.id).toBe(own);
    expect((await t.get('/api/merchantAuth/imports', { token: a, query: { id: own } })).data.code).toBe(0);
    await likeMissing(a, 'GET', '/api/merchantAuth/detail', other);
    await likeMissing(a, 'GET', '/api/merchantAuth/imports', other);
  });

  /** like `likeMissing`, and the answer is the shop's 404 (not a refusal of the input both share) */
  async function notFoundAs(token: string, method: 'GET' | 'POST', path: string, id: string, body: Record<string, unknown> = {}) {
    await likeMissing(token, method, path, id, body);
    const r = method === 'GET' ? await t.get(path, { token, query: { ...body, id } as any }) : await t.post(path, { ...body, id }, { token });
    expect(r.statusCode).toBe(404);
  }
  const day = (k: number) => new Date(Date.now() + k * 86_400_000).toISOString().slice(0, 10);

  it("authorise, unbind, import trades and sync products on M's own shop answer as missing and change nothing", async () => {
    const before = await one('SELECT row_to_json(s)::text FROM shops s WHERE id = $1', [own]);
    const imports = await n('SELECT count(*) AS n FROM trade_imports WHERE shop_id = $1', [own]);
    await notFoundAs(a, 'GET', '/api/merchantAuth/auth', own);
    await notFoundAs(a, 'GET', '/api/merchantAuth/unbind', own);
    await notFoundAs(a, 'GET', '/api/merchantAuth/syncProducts', own);
    await notFoundAs(a, 'POST', '/api/merchantAuth/getHistoryTrades', own, { importRange: [day(-3), day(-2)] });
    expect(await n('SELECT count(*) AS n FROM trade_imports WHERE shop_id = $1', [own])).toBe(imports);
    const sync = await t.get('/api/product/sync', { token: a, query: { shopId: own } });
    const syncMissing = await t.get('/api/product/sync', { token: a, query: { shopId: MISSING } });
    expect(sync.statusCode).toBe(404);
    expect(answer(sync, own)).toEqual(answer(syncMissing, MISSING));
    expect(await one('SELECT row_to_json(s)::text FROM shops s WHERE id = $1', [own])).toBe(before);
    // a new shop under M: M is outside a store-bound user's merchants
    const added = await t.post('/api/merchantAuth/add', { merchantId: M, platform: 'jd', name: '门店越权店', platformShopId: 'JD-STORE-SCOPE' }, { token: a });
    expect(added.statusCode).toBe(404);
    expect(await n(`SELECT count(*) AS n FROM shops WHERE platform_shop_id = 'JD-STORE-SCOPE'`)).toBe(0);
  });

  it("a merchant-bound admin still manages M's shops, not another merchant's", async () => {
    const add = await t.post(
      '/api/user/add',
      { username: 'mchadmin2', nickname: 'm', password: 'Scope1234', roles: ['admin'], merchantId: M },
      { token: tok.admin },
    );
    expect(add.data.code).toBe(0);
    const m = await t.login('mchadmin2', 'Scope1234');
    // past the scope checks: the authorisation starts (or the platform refuses OAuth), never the shop's 404
    const started = await t.get('/api/merchantAuth/auth', { token: m, query: { id: own } });
    expect((await t.get('/api/merchantAuth/auth', { token: m, query: { id: MISSING } })).statusCode).toBe(404);
    expect(started.statusCode).not.toBe(404);
    if (started.data.code === 0) expect(started.data.data).toMatchObject({ merchantId: M, shopId: own });
    await notFoundAs(m, 'GET', '/api/merchantAuth/auth', other);
    await notFoundAs(m, 'GET', '/api/merchantAuth/unbind', other);
  });
});
