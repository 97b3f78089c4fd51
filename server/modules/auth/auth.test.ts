import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessionCacheClock } from '../../core/session-cache';
import { createTestApp, type TestApp } from '../../test/helper';
import { insertUser } from '../../test/users';
import { authModule } from '.';
import { systemModule } from '../system';

let t: TestApp;
let aliceId: bigint;

beforeAll(async () => {
  t = await createTestApp({ modules: [authModule, systemModule], resources: ['auth', 'system'], seed: false });
  aliceId = await insertUser(t, { username: 'alice', password: 'alice-pass-1', nickname: '王小丽', roles: ['admin', 'finance'], phone: '13800138000' });
  await insertUser(t, { username: 'bob', password: 'bob-pass-1', roles: ['dispatcher'] });
  await insertUser(t, { username: 'carol', password: 'carol-pass-1', enabled: false });
}, 180_000);
afterAll(() => t?.close());

const login = (username: string, password: string, opts: { ip?: string; locale?: 'zh-CN' | 'en-US'; cookie?: string; proto?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: {
      'content-type': 'application/json',
      ...(opts.locale ? { 'x-locale': opts.locale } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: JSON.stringify({ username, password }),
    remoteAddress: opts.ip ?? '10.0.0.1',
  });

/** The device cookie a successful sign-in gave (name=value), and its attributes. */
function deviceCookie(res: { headers: Record<string, unknown> }): { pair: string; attrs: string[] } {
  const raw = String(res.headers['set-cookie'] ?? '');
  const [pair, ...attrs] = raw.split(';').map((x) => x.trim());
  expect(pair).toMatch(/^misi_dev_\w{16}=[\w-]+\.[\w-]{43}$/);
  return { pair, attrs };
}

describe('login, info, logout', () => {
  test('login returns a token; info returns the user; last_login_at is recorded', async () => {
    const res = await login('alice', 'alice-pass-1');
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const info = await t.get('/api/user/info', { token: body.data.token });
    expect(info.data.code).toBe(0);
    expect(info.data.data).toEqual({
      id: String(aliceId),
      username: 'alice',
      nickname: '王小丽',
      avatar: null,
      roles: ['admin', 'finance'],
      phone: '13800138000',
      storeId: null,
      merchantId: null,
    });
    // the id is printed as exact number digits, not a quoted string
    expect(info.body).toContain(`"id":${aliceId}`);
    const { rows } = await t.db.query<{ last_login_at: Date | null }>('SELECT last_login_at FROM users WHERE id = $1', [aliceId]);
    expect(rows[0].last_login_at).not.toBeNull();
  });

  test('the token is stored hashed, never as is', async () => {
    const token = await t.login('alice', 'alice-pass-1');
    const { rows } = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM sessions WHERE token_hash = $1', [token]);
    expect(rows[0].n).toBe(0n);
  });

  test('logout revokes the session: the same token then gets code 100000', async () => {
    const token = await t.login('alice', 'alice-pass-1');
    const out = await t.post('/api/user/logout', {}, { token });
    expect(out.data).toEqual({ code: 0, msg: 'ok', data: null });
    const after = await t.get('/api/user/info', { token });
    expect(after.statusCode).toBe(200);
    expect(after.data.code).toBe(100000);
    expect(after.data.msg).toBe('登录已过期，请重新登录');
  });

  test('other sessions of the user survive a logout', async () => {
    const a = await t.login('alice', 'alice-pass-1');
    const b = await t.login('alice', 'alice-pass-1');
    await t.post('/api/user/logout', {}, { token: a });
    expect((await t.get('/api/user/info', { token: b })).data.code).toBe(0);
  });
});

describe('refusals', () => {
  test('missing token is HTTP 401 code 40100', async () => {
    const res = await t.get('/api/user/info');
    expect(res.statusCode).toBe(401);
    expect(res.data.code).toBe(40100);
  });

  test('an unknown token is HTTP 200 code 100000, in the request locale', async () => {
    const res = await t.get('/api/user/info', { token: 'x'.repeat(43), locale: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ code: 100000, msg: 'Your session has expired. Please sign in again', data: null });
  });

  test('wrong password and unknown user get the same message', async () => {
    const wrong = JSON.parse((await login('bob', 'nope-nope', { ip: '10.1.0.1' })).body);
    const unknown = JSON.parse((await login('nobody', 'nope-nope', { ip: '10.1.0.1' })).body);
    expect(wrong.code).toBe(40000);
    expect(wrong.msg).toBe('用户名或密码错误');
    expect(unknown).toEqual(wrong);
  });

  test('a disabled account is told so, once its password is right', async () => {
    const res = await login('carol', 'carol-pass-1', { ip: '10.1.0.2', locale: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).msg).toBe('This account has been disabled. Please contact an administrator');
    const wrong = await login('carol', 'wrong-pass', { ip: '10.1.0.2' });
    expect(JSON.parse(wrong.body).msg).toBe('用户名或密码错误');
  });

  test('disabling a user ends their sessions', async () => {
    const id = await insertUser(t, { username: 'dave', password: 'dave-pass-1' });
    const token = await t.login('dave', 'dave-pass-1');
    await t.db.query('UPDATE users SET enabled = false WHERE id = $1', [id]);
    expect((await t.get('/api/user/info', { token })).data.code).toBe(100000);
  });

  test('login input is validated with field names', async () => {
    const res = await t.post('/api/user/login', { username: 'alice' }, { locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toBe('Password is required');
  });
});

describe('session expiry', () => {
  test('idle for longer than the idle limit: code 100000', async () => {
    const token = await t.login('alice', 'alice-pass-1');
    expect((await t.get('/api/user/info', { token })).data.code).toBe(0);
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '121 minutes' WHERE user_id = $1 AND revoked_at IS NULL`, [aliceId]);
    // The 121 minutes pass for this process too: its few seconds' session cache has long expired.
    const later = Date.now() + 121 * 60_000;
    vi.spyOn(sessionCacheClock, 'now').mockReturnValue(later);
    try {
      expect((await t.get('/api/user/info', { token })).data.code).toBe(100000);
    } finally {
      vi.restoreAllMocks();
    }
  });

  test('activity keeps a session alive, at most one write per minute', async () => {
    const token = await t.login('bob', 'bob-pass-1');
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '119 minutes' WHERE user_id = (SELECT id FROM users WHERE username = 'bob')`);
    expect((await t.get('/api/user/info', { token })).data.code).toBe(0);
    const { rows } = await t.db.query<{ idle: number }>(
      `SELECT extract(epoch FROM now() - max(last_seen_at))::int AS idle FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'bob')`,
    );
    expect(rows[0].idle).toBeLessThan(5);
  });

  test('past the absolute expiry: code 100000 even when active', async () => {
    const token = await t.login('bob', 'bob-pass-1');
    await t.db.query(
      `UPDATE sessions SET created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' WHERE user_id = (SELECT id FROM users WHERE username = 'bob')`,
    );
    expect((await t.get('/api/user/info', { token })).data.code).toBe(100000);
  });

  test('the absolute expiry is SESSION_MAX_HOURS after login', async () => {
    await t.login('alice', 'alice-pass-1');
    const { rows } = await t.db.query<{ hours: string }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::text AS hours FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [aliceId],
    );
    expect(rows[0].hours).toBe('12');
  });
});

describe('login rate limits', () => {
  test('5 failures from one address lock that account there only (429 naming when); elsewhere it still signs in', async () => {
    await insertUser(t, { username: 'erin', password: 'erin-pass-1' });
    for (let i = 0; i < 5; i++) expect((await login('erin', `wrong-${i}`, { ip: '10.2.0.1' })).statusCode).toBe(400);
    const locked = await login('erin', 'erin-pass-1', { ip: '10.2.0.1' });
    expect(locked.statusCode).toBe(429);
    const body = JSON.parse(locked.body);
    expect(body.code).toBe(42900);
    expect(body.msg).toMatch(/^登录失败次数过多，请在 1[45] 分钟后（\d\d:\d\d）再试$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // same address, another account: unaffected; same account, another address: unaffected
    expect((await login('bob', 'bob-pass-1', { ip: '10.2.0.1' })).statusCode).toBe(200);
    expect((await login('erin', 'erin-pass-1', { ip: '10.2.0.2' })).statusCode).toBe(200);
    // once the failures are older than the window, the account signs in there again
    await t.db.query(`UPDATE login_failures SET at = at - interval '16 minutes' WHERE username = 'erin'`);
    expect((await login('erin', 'erin-pass-1', { ip: '10.2.0.1' })).statusCode).toBe(200);
  });

  test('a spray from many addresses stops strangers, never the holder on a device that signed in before', async () => {
    await insertUser(t, { username: 'gina', password: 'gina-pass-1' });
    // gina signed in from her laptop yesterday: it keeps a signed device cookie
    const first = await login('gina', 'gina-pass-1', { ip: '10.4.0.1' });
    const { pair, attrs } = deviceCookie(first);
    expect(attrs).toEqual(expect.arrayContaining(['Path=/api/user/login', 'HttpOnly', 'SameSite=Strict']));
    expect(attrs).not.toContain('Secure');
    // an attacker sprays wrong passwords from 12 addresses
    for (let i = 0; i < 12; i++) await login('gina', `guess-${i}`, { ip: `10.5.0.${i}` });
    // any device without the cookie is now refused for this account, from any address, even with the right password
    const stranger = await login('gina', 'gina-pass-1', { ip: '10.6.0.1', locale: 'en-US' });
    expect(stranger.statusCode).toBe(429);
    expect(JSON.parse(stranger.body).msg).toMatch(/^Too many failed sign-ins\. Try again in 1[45] min/);
    // gina's laptop, from a new address, signs in at once
    const holder = await login('gina', 'gina-pass-1', { ip: '10.6.0.2', cookie: pair });
    expect(holder.statusCode).toBe(200);
    expect(JSON.parse(holder.body).data.token).toBeTruthy();
    // her sign-in did not give the sprayer a fresh allowance
    expect((await login('gina', 'gina-pass-1', { ip: '10.6.0.3' })).statusCode).toBe(429);
  });

  test('a forged cookie, or another account’s, exempts nothing; a device’s own 10 failures end its exemption', async () => {
    await insertUser(t, { username: 'hana', password: 'hana-pass-1' });
    const bobs = deviceCookie(await login('bob', 'bob-pass-1', { ip: '10.7.0.1' })).pair;
    const hanas = deviceCookie(await login('hana', 'hana-pass-1', { ip: '10.7.0.1' })).pair;
    for (let i = 0; i < 10; i++) await login('hana', `guess-${i}`, { ip: `10.8.0.${i}` });
    const [name, value] = hanas.split('=');
    const forged = `${name}=${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await login('hana', 'hana-pass-1', { ip: '10.7.0.2', cookie: forged })).statusCode).toBe(429);
    expect((await login('hana', 'hana-pass-1', { ip: '10.7.0.2', cookie: bobs })).statusCode).toBe(429);
    expect((await login('hana', 'hana-pass-1', { ip: '10.7.0.2', cookie: `${bobs}; ${hanas}` })).statusCode).toBe(200);
    // a stolen cookie is no key to unlimited guessing: after 10 wrong passwords it counts as a stranger
    for (let i = 0; i < 10; i++) expect((await login('hana', `wrong-${i}`, { ip: '10.7.0.3', cookie: hanas })).statusCode).toBe(400);
    expect((await login('hana', 'hana-pass-1', { ip: '10.7.0.3', cookie: hanas })).statusCode).toBe(429);
  });

  test('the device cookie is Secure behind TLS (X-Forwarded-Proto with TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ modules: [authModule, systemModule], resources: ['auth', 'system'], seed: false, trustProxy: true });
    try {
      await insertUser(proxied, { username: 'ivan', password: 'ivan-pass-1' });
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        payload: JSON.stringify({ username: 'ivan', password: 'ivan-pass-1' }),
      });
      expect(res.statusCode).toBe(200);
      expect(deviceCookie(res).attrs).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  test('a successful login clears the failures it made itself', async () => {
    await insertUser(t, { username: 'frank', password: 'frank-pass-1' });
    for (let i = 0; i < 4; i++) await login('frank', 'bad', { ip: '10.3.0.1' });
    expect((await login('frank', 'frank-pass-1', { ip: '10.3.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login('frank', 'bad', { ip: '10.3.0.1' });
    expect((await login('frank', 'frank-pass-1', { ip: '10.3.0.1' })).statusCode).toBe(200);
  });

  test('100 failures from one IP block that IP for devices without a cookie, not others', async () => {
    const bobs = deviceCookie(await login('bob', 'bob-pass-1', { ip: '10.9.9.7' })).pair;
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < 100; i++) {
      params.push(t.nextId(), `spray${i}`);
      values.push(`($${params.length - 1}, $${params.length}, '10.9.9.9', now())`);
    }
    await t.db.query(`INSERT INTO login_failures (id, username, ip, at) VALUES ${values.join(',')}`, params);
    const blocked = await login('bob', 'bob-pass-1', { ip: '10.9.9.9', locale: 'en-US' });
    expect(blocked.statusCode).toBe(429);
    expect(JSON.parse(blocked.body).msg).toMatch(/^Too many failed sign-ins from this network/);
    expect((await login('bob', 'bob-pass-1', { ip: '10.9.9.8' })).statusCode).toBe(200);
    expect((await login('bob', 'bob-pass-1', { ip: '10.9.9.9', cookie: bobs })).statusCode).toBe(200);
  });
});
