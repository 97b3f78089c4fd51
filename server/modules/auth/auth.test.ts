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

const login = (username: string, password: string, opts: { ip?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'content-type': 'application/json', ...(opts.locale ? { 'x-locale': opts.locale } : {}) },
    payload: JSON.stringify({ username, password }),
    remoteAddress: opts.ip ?? '10.0.0.1',
  });

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
    await t.db.query(`UPDATE sessions SET created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' WHERE user_id = (SELECT id FROM users WHERE username = 'bob')`);
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
  test('10 failures lock that account (429 naming when), other accounts still sign in', async () => {
    await insertUser(t, { username: 'erin', password: 'erin-pass-1' });
    for (let i = 0; i < 10; i++) {
      const r = await login('erin', `wrong-${i}`, { ip: `10.2.0.${i}` });
      expect(r.statusCode).toBe(400);
    }
    const locked = await login('erin', 'erin-pass-1', { ip: '10.2.1.1' });
    expect(locked.statusCode).toBe(429);
    const body = JSON.parse(locked.body);
    expect(body.code).toBe(42900);
    expect(body.msg).toMatch(/^登录失败次数过多，请在 1[45] 分钟后（\d\d:\d\d）再试$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // same IP, another account: unaffected
    const other = await login('bob', 'bob-pass-1', { ip: '10.2.1.1' });
    expect(other.statusCode).toBe(200);
    // once the failures are older than the window, the account signs in again
    await t.db.query(`UPDATE login_failures SET at = at - interval '16 minutes' WHERE username = 'erin'`);
    expect((await login('erin', 'erin-pass-1', { ip: '10.2.1.1' })).statusCode).toBe(200);
  });

  test('a successful login resets the account counter', async () => {
    await insertUser(t, { username: 'frank', password: 'frank-pass-1' });
    for (let i = 0; i < 9; i++) await login('frank', 'bad', { ip: '10.3.0.1' });
    expect((await login('frank', 'frank-pass-1', { ip: '10.3.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login('frank', 'bad', { ip: '10.3.0.1' });
    expect((await login('frank', 'frank-pass-1', { ip: '10.3.0.1' })).statusCode).toBe(200);
  });

  test('100 failures from one IP block that IP, not others', async () => {
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
  });
});
