import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT_DIR } from '../../core/paths';
import { CliInputError, parseCreateAdminArgs } from './create-admin';
import { upsertAdmin } from './staff-service';
import { staffTestApp, userRow, type StaffTestContext } from './test-support';

describe('create-admin arguments', () => {
  test('accepts a good username and password, with an optional nickname', () => {
    expect(parseCreateAdminArgs(['--username', 'alice', '--password', 'S3cure-pass', '--nickname', '爱丽丝'])).toEqual({
      username: 'alice',
      password: 'S3cure-pass',
      nickname: '爱丽丝',
    });
  });

  test.each([
    [['--username', 'alice', '--password', 'short1'], 'Password must be 8–64 characters and contain both letters and digits'],
    [['--username', 'alice', '--password', 'onlyletters'], 'Password must be 8–64 characters and contain both letters and digits'],
    [['--username', 'alice', '--password', 'alice2024x'], 'Password must not contain the username'],
    [['--username', '1alice', '--password', 'S3cure-pass'], 'Username must start with a letter and have 3–32 letters, digits or underscores'],
    [['--username', 'al', '--password', 'S3cure-pass'], 'Username must start with a letter'],
    [['--username', 'alice', '--password', 'S3cure-pass', '--nickname', '  '], 'Name must not be blank'],
    [['--username', 'alice'], 'missing --password'],
    [['--password', 'S3cure-pass'], 'missing --username'],
    [['--username', 'alice', '--password', 'S3cure-pass', '--role', 'x'], "Unknown option '--role'"],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseCreateAdminArgs(argv)).toThrow(CliInputError);
    expect(() => parseCreateAdminArgs(argv)).toThrow(message);
  });

  test('the command exits 1 with the message and touches no database', () => {
    const dataDir = join(tmpdir(), `create-admin-${process.pid}-${Date.now()}`);
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--username', 'alice', '--password', 'weak'], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('create-admin: Password must be 8–64 characters and contain both letters and digits');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('upsertAdmin', () => {
  let c: StaffTestContext;
  beforeAll(async () => {
    c = await staffTestApp();
  }, 180_000);
  afterAll(() => c?.t.close());

  test('creates a new administrator who can sign in and manage staff', async () => {
    const r = await upsertAdmin(c.t.db, c.t.nextId, { username: 'alice', password: 'S3cure-pass', nickname: '爱丽丝' });
    expect(r.created).toBe(true);
    expect(await userRow(c.t, 'alice')).toMatchObject({ roles: ['admin'], enabled: true, nickname: '爱丽丝' });
    const token = await c.t.login('alice', 'S3cure-pass');
    expect((await c.t.get('/api/user/list', { token })).data.code).toBe(0);
  });

  test('resets an existing account: new password, admin added, enabled, old sessions ended', async () => {
    const old = await c.t.login('finance', 'finance123');
    await c.t.db.query(`UPDATE users SET enabled = false WHERE username = 'finance'`);
    const r = await upsertAdmin(c.t.db, c.t.nextId, { username: 'finance', password: 'Ledger-2025x' });
    expect(r.created).toBe(false);
    expect(await userRow(c.t, 'finance')).toMatchObject({ roles: ['finance', 'admin'], enabled: true, nickname: '财务小周' });
    expect((await c.t.get('/api/user/info', { token: old })).data.code).toBe(100000);
    await expect(c.t.login('finance', 'finance123')).rejects.toThrow();
    await expect(c.t.login('finance', 'Ledger-2025x')).resolves.toBeTruthy();
  });

  test('bad input writes nothing', async () => {
    const before = (await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
    await expect(upsertAdmin(c.t.db, c.t.nextId, { username: 'bob', password: 'password' })).rejects.toThrow('server.staff.passwordWeak');
    expect((await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before);
  });
});
