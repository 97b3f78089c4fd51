/**
 * Revocation across instances on PostgreSQL (skipped without DATABASE_URL): two apps on one schema,
 * each with its own pool, session cache and LISTEN connection. A session revoked, a user disabled,
 * re-roled or given a new password through one instance — or by hand in the database — is refused by
 * the other on its very next request, although that one had the session in its cache.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/helper';
import { insertUser } from '../test/users';
import { modules } from '../modules';
import { buildApp } from './app';
import { dbChannel, openDb, type SqlDb } from './db';
import { parseJson } from './json';

const url = process.env.DATABASE_URL;
let a: TestApp;
let bDb: SqlDb;
let b: FastifyInstance;

describe.skipIf(!url)('revocation across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  beforeAll(async () => {
    a = await createTestApp();
    bDb = await openDb({ dataDir: a.dataDir, databaseUrl: url, schema: a.db.schema, poolSize: 3 });
    // a long cache time: only a notification can explain a refusal
    b = await buildApp({ db: bDb, dataDir: a.dataDir, modules, staticDir: false, session: { cacheSeconds: 10 } });
    await b.ready();
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  const onB = async (path: string, token: string) => {
    const res = await b.inject({ method: 'GET', url: path, headers: { 'x-misi-token': token } });
    return { status: res.statusCode, code: (parseJson(res.body) as { code: number }).code };
  };
  /** a user of their own, signed in through A, whose session B has checked and cached */
  const cachedOnB = async (username: string, roles = ['admin']) => {
    const id = await insertUser(a, { username, password: 'pass-word-1', roles });
    const token = await a.login(username, 'pass-word-1');
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 0 });
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 0 });
    return { id, token };
  };

  test('logout through A: B refuses the token on its next request', async () => {
    const { token } = await cachedOnB('rev_logout');
    expect((await a.post('/api/user/logout', {}, { token })).data.code).toBe(0);
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 100000 });
  });

  test('disabling a user through A (staff edit): B refuses at once', async () => {
    const admin = await a.login('admin', 'admin123');
    const { id, token } = await cachedOnB('rev_disable');
    expect((await a.post('/api/user/edit', { id, enabled: false }, { token: admin })).data.code).toBe(0);
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 100000 });
  });

  test('a role change through A: B applies the new roles at once', async () => {
    const admin = await a.login('admin', 'admin123');
    const { id, token } = await cachedOnB('rev_roles');
    expect((await a.post('/api/user/edit', { id, roles: ['dispatcher'] }, { token: admin })).data.code).toBe(0);
    expect(await onB('/api/user/list', token)).toEqual({ status: 403, code: 40300 });
  });

  test('a user disabled by hand in the database: B refuses as soon as the commit’s notification arrives', async () => {
    const { id, token } = await cachedOnB('rev_by_hand');
    await a.db.query('UPDATE users SET enabled = false WHERE id = $1', [id]);
    // No request of ours to hold back here: poll (the notification takes a millisecond or so), far
    // below the 10 s the cache would otherwise keep the session.
    let refused = false;
    const t0 = performance.now();
    for (let i = 0; i < 200 && !refused; i++) {
      refused = (await onB('/api/user/list', token)).code === 100000;
      if (!refused) await new Promise((r) => setTimeout(r, 5));
    }
    expect(refused).toBe(true);
    console.log(`a change by hand in SQL reached the other instance's cache within ${(performance.now() - t0).toFixed(1)} ms of its commit`);
  });

  test('a password reset through A: B refuses the old sessions at once', async () => {
    const admin = await a.login('admin', 'admin123');
    const { id, token } = await cachedOnB('rev_reset');
    expect((await a.post('/api/user/resetPassword', { id, password: 'New-pass-123' }, { token: admin })).data.code).toBe(0);
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 100000 });
  });

  test('B’s LISTEN connection killed: it reconnects, and revocations still apply at once', async () => {
    const { rows } = await a.db.query<{ n: number }>(`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1`, [
      `listen ${channelOf(a.db.schema)}`,
    ]);
    expect(rows[0].n).toBe(2); // A's and B's
    // both listen again shortly (backoff from 50 ms)
    for (let i = 0; i < 100; i++) {
      const { rows: back } = await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [
        `listen ${channelOf(a.db.schema)}`,
      ]);
      if (back[0].n === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const { token } = await cachedOnB('rev_after_reconnect');
    expect((await a.post('/api/user/logout', {}, { token })).data.code).toBe(0);
    expect(await onB('/api/user/list', token)).toEqual({ status: 200, code: 100000 });
  });
});

const channelOf = (schema: string) => dbChannel('sessions', schema);
