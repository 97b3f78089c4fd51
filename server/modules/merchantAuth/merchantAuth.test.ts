import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { sandboxShop } from '../../platforms/sandbox/generate';
import { authorizeSandboxShop, formValues, http, listen } from './oauth-flow.testkit';

let t: TestApp;
let base: string;
let admin: string;
let finance: string;
let dispatcher: string;
let merchantA: string;
let merchantB: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await t.login('admin', 'admin123');
  finance = await t.login('finance', 'finance123');
  dispatcher = await t.login('dispatcher', 'dispatcher123');
  const m = await t.db.query<{ id: bigint }>(`SELECT id FROM merchants WHERE status = 'enabled' ORDER BY created_at, id LIMIT 2`);
  [merchantA, merchantB] = m.rows.map((r) => String(r.id));
});
afterAll(() => t?.close());

async function shopByAccount(account: string) {
  const r = await t.db.query<{
    id: bigint;
    merchant_id: bigint;
    name: string;
    auth_status: string;
    access_token: string | null;
    refresh_token: string | null;
    token_expires_at: Date | null;
  }>(
    `SELECT id, merchant_id, name, auth_status, access_token, refresh_token, token_expires_at FROM shops WHERE platform = 'sandbox' AND platform_shop_id = $1`,
    [account],
  );
  return r.rows[0];
}

describe('sandbox OAuth flow', () => {
  it('authorises a new shop: auth → consent page → agree → callback → shop authorised', async () => {
    const flow = await authorizeSandboxShop(base, admin, { merchantId: merchantA, platform: 'sandbox' }, 'it-shop-01');
    expect(flow.authorizeUrl.startsWith(`${base}/api/public/sandbox/oauth/authorize?`)).toBe(true);
    expect(flow.consent.status).toBe(200);
    expect(flow.consent.headers.get('content-type')).toContain('text/html');
    expect(flow.consent.text).toContain('同意授权');
    expect(flow.callbackUrl.startsWith(`${base}/api/public/merchantAuth/callback?`)).toBe(true);
    expect(flow.callback.status).toBe(200);
    expect(flow.callback.text).toContain('授权成功');
    const name = sandboxShop('it-shop-01').name;
    expect(flow.callback.text).toContain(name);

    const shop = await shopByAccount('it-shop-01');
    expect(shop.auth_status).toBe('authorized');
    expect(String(shop.merchant_id)).toBe(merchantA);
    expect(shop.name).toBe(name);
    expect(shop.access_token).toMatch(/^sbx_at_/);
    expect(shop.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    // The list shows it, without any token.
    const list = await t.get('/api/merchantAuth/list', { token: finance, query: { platform: 'sandbox', name: name.slice(0, 4), merchantId: merchantA } });
    const row = list.data.data.list.find((r: any) => r.id === String(shop.id));
    expect(row).toMatchObject({
      name,
      platform: 'sandbox',
      platformShopId: 'it-shop-01',
      merchantId: merchantA,
      authStatus: 'authorized',
      adapterAvailable: true,
    });
    expect(list.body).not.toContain('sbx_at_');
    expect(list.body).not.toContain('sbx_rt_');

    // A replayed callback changes nothing and says so.
    const replay = await http(flow.callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('已处理过');
    expect((await shopByAccount('it-shop-01')).access_token).toBe(shop.access_token);
  });

  it('re-authorising a known shop renews its tokens; another account is refused', async () => {
    const before = await shopByAccount('it-shop-01');
    const again = await authorizeSandboxShop(base, admin, { id: String(before.id) }, 'it-shop-01');
    expect(again.authorizeUrl).toContain('shop=it-shop-01');
    expect(again.callback.text).toContain('重新授权');
    const after = await shopByAccount('it-shop-01');
    expect(after.access_token).not.toBe(before.access_token);
    expect(String(after.id)).toBe(String(before.id));

    const wrong = await authorizeSandboxShop(base, admin, { id: String(before.id) }, 'it-shop-other');
    expect(wrong.callback.status).toBe(400);
    expect(wrong.callback.text).toContain('不一致');
    expect(await shopByAccount('it-shop-other')).toBeUndefined();
  });

  it('refuses a shop already bound to another merchant', async () => {
    const flow = await authorizeSandboxShop(base, admin, { merchantId: merchantB, platform: 'sandbox' }, 'it-shop-01');
    expect(flow.callback.status).toBe(400);
    expect(flow.callback.text).toContain('已绑定商户');
    expect(String((await shopByAccount('it-shop-01')).merchant_id)).toBe(merchantA);
  });

  it('a denied consent and an expired or unknown state create nothing', async () => {
    const started = await http(`${base}/api/merchantAuth/auth?merchantId=${merchantA}&platform=sandbox`, { token: admin });
    const consent = await http(started.json.data.url);
    const deny = /id="deny" href="([^"]+)"/.exec(consent.text)![1].replace(/&amp;/g, '&');
    const denied = await http(deny);
    expect(denied.status).toBe(400);
    expect(denied.text).toContain('拒绝了授权');

    await t.db.query(
      `INSERT INTO auth_states (state, merchant_id, platform, created_by, expires_at) VALUES ('expired-state-1', $1, 'sandbox', 1, now() - interval '1 minute')`,
      [merchantA],
    );
    const expired = await http(`${base}/api/public/merchantAuth/callback?state=expired-state-1&code=whatever`);
    expect(expired.text).toContain('已超时');
    const unknown = await http(`${base}/api/public/merchantAuth/callback?state=nope&code=whatever`, { locale: 'en-US' });
    expect(unknown.text).toContain('not valid');
    const noState = await http(`${base}/api/public/merchantAuth/callback?code=x`);
    expect(noState.status).toBe(400);
    expect(noState.json.code).toBe(40000);
  });

  it('the sandbox refuses foreign redirect URIs, unknown clients and bad codes', async () => {
    const evil = await http(
      `${base}/api/public/sandbox/oauth/authorize?clientId=dispatch-console&redirectUri=${encodeURIComponent('https://evil.example/cb')}&state=s`,
    );
    expect(evil.status).toBe(400);
    expect(evil.json.msg).toContain('回调地址');
    const client = await http(
      `${base}/api/public/sandbox/oauth/authorize?clientId=other&redirectUri=${encodeURIComponent(`${base}/api/public/merchantAuth/callback`)}&state=s`,
    );
    expect(client.json.msg).toContain('other');
    const token = await http(`${base}/api/public/sandbox/oauth/token`, {
      method: 'POST',
      body: { grantType: 'authorization_code', clientId: 'dispatch-console', code: 'bad', redirectUri: `${base}/api/public/merchantAuth/callback` },
    });
    expect(token.status).toBe(400);
    expect(token.json.data.error).toBe('invalid_grant');
    const noToken = await http(`${base}/api/public/sandbox/products`);
    expect(noToken.status).toBe(401);
    const page = await http(
      `${base}/api/public/sandbox/oauth/authorize?clientId=dispatch-console&redirectUri=${encodeURIComponent(`${base}/api/public/merchantAuth/callback`)}&state=${encodeURIComponent('<b>x</b>')}`,
    );
    expect(formValues(page.text).state).toBe('<b>x</b>');
    expect(page.text).not.toContain('<b>x</b>');
  });
});

describe('GET /merchantAuth/auth input and roles', () => {
  it('needs admin', async () => {
    const res = await t.get('/api/merchantAuth/auth', { token: finance, query: { merchantId: merchantA, platform: 'sandbox' } });
    expect(res.statusCode).toBe(403);
    expect(res.data.code).toBe(40300);
  });
  it('names a missing merchant or platform', async () => {
    const a = await t.get('/api/merchantAuth/auth', { token: admin, query: { platform: 'sandbox' } });
    expect(a.statusCode).toBe(400);
    expect(a.data.msg).toContain('所属商户');
    const b = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: merchantA } });
    expect(b.data.msg).toContain('所属平台');
  });
  it('refuses platforms without OAuth, unknown platforms and unknown merchants', async () => {
    const taobao = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: merchantA, platform: 'taobao' } });
    expect(taobao.statusCode).toBe(409);
    expect(taobao.data.msg).toContain('淘宝');
    expect(taobao.data.msg).toContain('手工登记店铺');
    const manual = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: merchantA, platform: 'manual' } });
    expect(manual.statusCode).toBe(400);
    const bogus = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: merchantA, platform: 'bogus' } });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.data.msg).toContain('所属平台');
    const nobody = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: '123456789', platform: 'sandbox' } });
    expect(nobody.statusCode).toBe(404);
    const badId = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: 'abc', platform: 'sandbox' } });
    expect(badId.statusCode).toBe(400);
  });
});

describe('a disabled merchant', () => {
  it("is not among the authorise form's merchant options, and the server refuses it by name in both locales", async () => {
    const disabled = (await t.db.query<{ id: bigint; name: string }>(`SELECT id, name FROM merchants WHERE status = 'disabled' LIMIT 1`)).rows[0];
    expect(disabled).toBeTruthy();
    // the options source exactly as the form asks it: its merchantId item's params ({"status": "enabled"})
    const schema = (await import('../../../schemas/merchantAuth.json')).default as any;
    const item = schema.forms.authorize.items.find((i: any) => i.field === 'merchantId');
    expect(item.params).toEqual({ status: 'enabled' });
    const options = await t.get('/api/merchant/list', { token: admin, query: { ...item.params, current: 1, pageSize: 100 } });
    const names = options.data.data.list.map((m: any) => m.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain(disabled.name);
    expect(options.data.data.list.every((m: any) => m.status === 'enabled')).toBe(true);
    const typed = await t.get('/api/merchant/list', { token: admin, query: { ...item.params, name: disabled.name.slice(0, 2), current: 1, pageSize: 20 } });
    expect(typed.data.data.list.map((m: any) => m.name)).not.toContain(disabled.name);

    const states = Number((await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM auth_states')).rows[0].n);
    const zh = await t.get('/api/merchantAuth/auth', { token: admin, query: { merchantId: String(disabled.id), platform: 'sandbox' } });
    expect(zh.statusCode).toBe(409);
    expect(zh.data.msg).toBe(`商户「${disabled.name}」已停用，不能授权店铺`);
    const en = await t.get('/api/merchantAuth/auth', { token: admin, locale: 'en-US', query: { merchantId: String(disabled.id), platform: 'sandbox' } });
    expect(en.data.msg).toBe(`The merchant "${disabled.name}" is disabled and cannot authorise shops`);
    expect(Number((await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM auth_states')).rows[0].n)).toBe(states);
    const add = await t.post(
      '/api/merchantAuth/add',
      { merchantId: String(disabled.id), platform: 'jd', name: '停用商户的店', platformShopId: 'JD-DISABLED-1' },
      { token: admin },
    );
    expect(add.statusCode).toBe(409);
    expect(add.data.msg).toContain(disabled.name);
  });
});

describe('POST /merchantAuth/add', () => {
  it('registers a pending shop once', async () => {
    const body = { merchantId: merchantA, platform: 'jd', name: '测试京东店', platformShopId: 'JD-778899', remark: '线下提交资料' };
    const res = await t.post('/api/merchantAuth/add', body, { token: admin });
    expect(res.data.code).toBe(0);
    expect(res.data.data).toMatchObject({
      name: '测试京东店',
      platform: 'jd',
      platformShopId: 'JD-778899',
      authStatus: 'pending',
      adapterAvailable: false,
      productCount: 0,
    });
    const dup = await t.post('/api/merchantAuth/add', { ...body, name: '另一个' }, { token: admin });
    expect(dup.statusCode).toBe(409);
    expect(dup.data.msg).toContain('测试京东店');
  });
  it('validates its input and roles', async () => {
    const missing = await t.post('/api/merchantAuth/add', { merchantId: merchantA, platform: 'jd', platformShopId: 'X1' }, { token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.data.msg).toContain('店铺名称');
    const pattern = await t.post(
      '/api/merchantAuth/add',
      { merchantId: merchantA, platform: 'jd', name: '店铺', platformShopId: 'has space' },
      { token: admin },
    );
    expect(pattern.statusCode).toBe(400);
    expect(pattern.data.msg).toContain('平台店铺ID');
    const manual = await t.post('/api/merchantAuth/add', { merchantId: merchantA, platform: 'manual', name: '店铺', platformShopId: 'M1' }, { token: admin });
    expect(manual.statusCode).toBe(400);
    const role = await t.post('/api/merchantAuth/add', { merchantId: merchantA, platform: 'jd', name: '店铺', platformShopId: 'R1' }, { token: finance });
    expect(role.statusCode).toBe(403);
  });
  it('measures the name as it is stored: trimmed, " a " is one character, below the two asked for', async () => {
    const count = async () => Number((await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM shops`)).rows[0].n);
    const before = await count();
    const body = { merchantId: merchantA, platform: 'jd', name: ' 店 ', platformShopId: 'TRIM-1' };
    const res = await t.post('/api/merchantAuth/add', body, { token: admin });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.data.msg).toBe('店铺名称 长度不能少于 2 个字符');
    const en = await t.post('/api/merchantAuth/add', body, { token: admin, locale: 'en-US' });
    expect(en.data.msg).toBe('Shop name must be at least 2 characters');
    expect(await count()).toBe(before);
    const ok = await t.post('/api/merchantAuth/add', { ...body, name: ' 店铺 ' }, { token: admin });
    expect(ok.data.data?.name, ok.body).toBe('店铺');
  });
});

describe('GET /merchantAuth/unbind', () => {
  it('marks the shop unbound and clears its tokens, once', async () => {
    const flow = await authorizeSandboxShop(base, admin, { merchantId: merchantA, platform: 'sandbox' }, 'it-unbind-1');
    expect(flow.callback.status).toBe(200);
    const shop = await shopByAccount('it-unbind-1');
    const refused = await t.get('/api/merchantAuth/unbind', { token: finance, query: { id: String(shop.id) } });
    expect(refused.statusCode).toBe(403);
    const res = await t.get('/api/merchantAuth/unbind', { token: admin, query: { id: String(shop.id) } });
    expect(res.data.code).toBe(0);
    expect(res.data.data.authStatus).toBe('unbound');
    expect(res.data.data.unboundAt).toBeTruthy();
    const row = await shopByAccount('it-unbind-1');
    expect(row).toMatchObject({ auth_status: 'unbound', access_token: null, refresh_token: null, token_expires_at: null });
    const again = await t.get('/api/merchantAuth/unbind', { token: admin, query: { id: String(shop.id) } });
    expect(again.statusCode).toBe(409);
    // Authorising it again brings it back.
    const back = await authorizeSandboxShop(base, admin, { id: String(shop.id) }, 'it-unbind-1');
    expect(back.callback.status).toBe(200);
    expect((await shopByAccount('it-unbind-1')).auth_status).toBe('authorized');
  });
  it('rejects bad and unknown ids', async () => {
    const bad = await t.get('/api/merchantAuth/unbind', { token: admin, query: { id: 'x1' } });
    expect(bad.statusCode).toBe(400);
    const none = await t.get('/api/merchantAuth/unbind', { token: admin, query: { id: '999999999' } });
    expect(none.statusCode).toBe(404);
    const missing = await t.get('/api/merchantAuth/unbind', { token: admin });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /merchantAuth/getPlatform', () => {
  it('lists shop platforms with whether an adapter exists, in the request locale', async () => {
    const zh = await t.get('/api/merchantAuth/getPlatform', { token: finance });
    const opts = zh.data.data as { value: string; label: string; adapterAvailable: boolean }[];
    expect(opts.find((o) => o.value === 'sandbox')).toMatchObject({ label: '沙箱商城', adapterAvailable: true });
    expect(opts.find((o) => o.value === 'taobao')).toMatchObject({ label: '淘宝', adapterAvailable: false });
    expect(opts.some((o) => o.value === 'manual')).toBe(false);
    const en = await t.get('/api/merchantAuth/getPlatform', { token: finance, locale: 'en-US' });
    expect(en.data.data.find((o: any) => o.value === 'sandbox').label).toBe('Sandbox Mall');
    const anon = await t.get('/api/merchantAuth/getPlatform');
    expect(anon.statusCode).toBe(401);
  });
});

describe('shop list, detail, listAll and the shop dictionary', () => {
  it('/merchantAuth/list filters by status and pages', async () => {
    const res = await t.get('/api/merchantAuth/list', { token: admin, query: { authStatus: 'authorized', pageSize: 5, current: 1 } });
    expect(res.data.data.pageSize).toBe(5);
    expect(res.data.data.list.length).toBeLessThanOrEqual(5);
    expect(res.data.data.total).toBeGreaterThanOrEqual(5);
    expect(res.data.data.list.every((r: any) => r.authStatus === 'authorized')).toBe(true);
    const sorted = await t.get('/api/merchantAuth/list', { token: admin, query: { sortField: 'lastSyncAt', sortOrder: 'descend' } });
    expect(sorted.data.code).toBe(0);
    const badSort = await t.get('/api/merchantAuth/list', { token: admin, query: { sortField: 'password' } });
    expect(badSort.statusCode).toBe(400);
    const badStatus = await t.get('/api/merchantAuth/list', { token: admin, query: { authStatus: 'weird' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.data.msg).toContain('授权状态');
    const role = await t.get('/api/merchantAuth/list', { token: dispatcher });
    expect(role.statusCode).toBe(403);
  });

  it('/merchantAuth/detail and /merchantAuth/imports answer per shop', async () => {
    const shop = await shopByAccount('it-shop-01');
    const res = await t.get('/api/merchantAuth/detail', { token: finance, query: { id: String(shop.id) } });
    expect(res.data.data).toMatchObject({ id: String(shop.id), platformShopId: 'it-shop-01', orderCount: 0 });
    const none = await t.get('/api/merchantAuth/detail', { token: finance, query: { id: '1' } });
    expect(none.statusCode).toBe(404);
    const imports = await t.get('/api/merchantAuth/imports', { token: finance, query: { id: String(shop.id) } });
    expect(imports.data.data).toEqual([]);
    // a shop that does not exist has no import history to list: 404, as its detail
    const noShop = await t.get('/api/merchantAuth/imports', { token: finance, query: { id: '1' }, locale: 'en-US' });
    expect(noShop.statusCode, noShop.body).toBe(404);
    expect(noShop.data.msg).toBe('Shop not found (ID 1)');
  });

  it('/shop/listAll and /dict/shop filter by merchant, platform, status and keyword', async () => {
    const all = await t.get('/api/shop/listAll', { token: finance, query: { merchantId: merchantA } });
    expect(all.data.data.length).toBeGreaterThan(0);
    expect(all.data.data.every((s: any) => s.merchantId === merchantA)).toBe(true);

    const dict = await t.get('/api/dict/shop', { token: finance, query: { merchantId: merchantA } });
    const options = dict.data.data as { value: string; label: string; merchantId: string; platform: string }[];
    expect(options.length).toBe(all.data.data.length);
    expect(options.every((o) => o.merchantId === merchantA && typeof o.label === 'string')).toBe(true);

    const sandbox = await t.get('/api/dict/shop', { token: finance, query: { platform: 'sandbox', authStatus: 'authorized' } });
    expect(sandbox.data.data.length).toBeGreaterThan(0);
    expect(sandbox.data.data.every((o: any) => o.platform === 'sandbox' && o.authStatus === 'authorized')).toBe(true);

    const kw = await t.get('/api/dict/shop', { token: finance, query: { keyword: 'it-shop-01' } });
    expect(kw.data.data.map((o: any) => o.label)).toEqual([sandboxShop('it-shop-01').name]);
    const like = await t.get('/api/dict/shop', { token: finance, query: { keyword: '%' } });
    expect(like.data.data).toEqual([]);

    const badAll = await t.get('/api/shop/listAll', { token: finance, query: { authStatus: 'weird' }, locale: 'en-US' });
    expect(badAll.statusCode).toBe(400);
    expect(badAll.data.msg).toContain('Authorisation');
    expect((await t.get('/api/shop/listAll', { token: finance, query: { merchantId: 'x' } })).statusCode).toBe(400);
    expect((await t.get('/api/shop/listAll', { token: dispatcher })).statusCode).toBe(403);
    expect((await t.get('/api/merchantAuth/imports', { token: finance, query: { id: 'nope' } })).statusCode).toBe(400);

    const bad = await t.get('/api/dict/shop', { token: dispatcher, query: { merchantId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toContain('所属商户');
    const anon = await t.get('/api/dict/shop');
    expect(anon.statusCode).toBe(401);
  });
});
