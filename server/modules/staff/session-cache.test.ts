/**
 * The session cache (core/session-cache.ts, on by default: 5 s) against the ways a session ends on
 * this instance — each must refuse the very next request — and the documented delay for a session
 * ended elsewhere (another instance, or by hand in the database).
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { sessionCacheClock } from '../../core/session-cache';
import { insertUser } from '../../test/users';
import { staffTestApp, userRow, type StaffTestContext } from './test-support';

let c: StaffTestContext;
beforeAll(async () => {
  c = await staffTestApp();
}, 180_000);
afterAll(() => c?.t.close());
afterEach(() => vi.restoreAllMocks());

const infoCode = async (token: string) => (await c.t.get('/api/user/info', { token })).data.code;

/** A new finance user, signed in, whose session check is now in the cache. */
async function cachedSession(username: string): Promise<string> {
  await insertUser(c.t, { username, password: 'Cache-pass-1', roles: ['finance'] });
  const token = await c.t.login(username, 'Cache-pass-1');
  expect(await infoCode(token)).toBe(0);
  return token;
}

test('logout ends the session for the next request', async () => {
  const token = await cachedSession('cache_logout');
  expect((await c.t.post('/api/user/logout', {}, { token })).data.code).toBe(0);
  expect(await infoCode(token)).toBe(100000);
});

test('disabling the user ends the session for the next request', async () => {
  const token = await cachedSession('cache_disable');
  const row = await userRow(c.t, 'cache_disable');
  expect((await c.t.post('/api/user/edit', { id: String(row.id), enabled: false }, { token: c.admin })).data.code).toBe(0);
  expect(await infoCode(token)).toBe(100000);
});

test('a password reset ends the session for the next request', async () => {
  const token = await cachedSession('cache_reset');
  const row = await userRow(c.t, 'cache_reset');
  expect((await c.t.post('/api/user/resetPassword', { id: String(row.id), password: 'Fresh-pass-2' }, { token: c.admin })).data.code).toBe(0);
  expect(await infoCode(token)).toBe(100000);
});

test('new roles apply to the next request', async () => {
  const token = await cachedSession('cache_roles');
  expect((await c.t.get('/api/user/list', { token })).statusCode).toBe(200); // finance may list staff
  const row = await userRow(c.t, 'cache_roles');
  expect((await c.t.post('/api/user/edit', { id: String(row.id), roles: ['dispatcher'] }, { token: c.admin })).data.code).toBe(0);
  expect((await c.t.get('/api/user/list', { token })).statusCode).toBe(403);
});

test('a session ended elsewhere is refused at the latest once the cache time (5 s) has passed', async () => {
  const token = await cachedSession('cache_elsewhere');
  // As another instance's logout would: only the database changes. On PostgreSQL its trigger's NOTIFY
  // may already have cleared this process's cache (server/core/README.md, "Session cache"), so the
  // next answer may be either; once the cache time has passed it must be the refusal.
  await c.t.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE username = 'cache_elsewhere')`);
  expect([0, 100000]).toContain(await infoCode(token));
  vi.spyOn(sessionCacheClock, 'now').mockReturnValue(Date.now() + 5_001);
  expect(await infoCode(token)).toBe(100000);
});
