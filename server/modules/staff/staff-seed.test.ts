import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseSeedArgs } from '../../../scripts/seed';
import { createTestApp, type TestApp } from '../../test/helper';
import { authModule } from '../auth';
import { staffModule } from './index';
import { seedStaff } from './staff-seed';

describe('npm run seed arguments', () => {
  test('--key value pairs become options for the module seeds', () => {
    expect(parseSeedArgs(['--orders', '1000000', '--admin-password', 'S3cure-pass', '--reset', '--region=310000', '--fast', 'false'])).toEqual({
      orders: 1000000,
      adminPassword: 'S3cure-pass',
      reset: true,
      region: 310000,
      fast: false,
    });
    expect(() => parseSeedArgs(['orders', '5'])).toThrow('unexpected argument "orders"');
  });
});

describe('production seed (NODE_ENV=production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [authModule, staffModule], resources: ['auth', 'staff'], seed: false });
  }, 180_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.query('DELETE FROM sessions');
    await t.db.query('DELETE FROM users');
  });

  test('writes no fixed password: one admin with a random password, printed once; no sample staff', async () => {
    const lines: string[] = [];
    const result = await seedStaff({ db: t.db, nextId: t.nextId, demo: false }, (l) => lines.push(l));
    const { rows } = await t.db.query<{ username: string; roles: string[] }>('SELECT username, roles FROM users');
    expect(rows).toEqual([{ username: 'admin', roles: ['admin'] }]);
    const password = result.printed[0].password;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(lines.join('\n')).toContain(`password: ${password}`);
    await expect(t.login('admin', 'admin123')).rejects.toThrow();
    await expect(t.login('admin', password)).resolves.toBeTruthy();
  });

  test('--admin-password is used instead, and must meet the policy', async () => {
    await expect(seedStaff({ db: t.db, nextId: t.nextId, demo: false, options: { adminPassword: 'admin123' } }, () => undefined)).rejects.toThrow(
      '--admin-password',
    );
    const result = await seedStaff({ db: t.db, nextId: t.nextId, demo: false, options: { adminPassword: 'Pr0d-secret' } }, () => undefined);
    expect(result.printed).toEqual([]);
    await expect(t.login('admin', 'Pr0d-secret')).resolves.toBeTruthy();
  });
});
