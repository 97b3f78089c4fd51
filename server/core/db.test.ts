import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authModule } from '../modules/auth';
import { createTestApp, type TestApp } from '../test/helper';
import { openDb } from './db';
import { readMigrations, runMigrations } from './migrations';
import { MIGRATIONS_DIR } from './paths';

// Runs on PGlite, or on PostgreSQL (a fresh schema) when DATABASE_URL is set.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, modules: [authModule], resources: ['auth'] });
  await t.db.exec('CREATE TABLE db_probe (id int8 PRIMARY KEY, amount numeric(12,2), note text)');
}, 180_000);
afterAll(() => t?.close());

test('int8 comes back as bigint, numeric as an exact string', async () => {
  await t.db.query('INSERT INTO db_probe (id, amount) VALUES ($1, $2)', [1876543210987654321n, '12345678.90']);
  const { rows } = await t.db.query<{ id: bigint; amount: string }>('SELECT id, amount FROM db_probe WHERE id = $1', ['1876543210987654321']);
  expect(rows).toEqual([{ id: 1876543210987654321n, amount: '12345678.90' }]);
});

test('a failing transaction rolls back everything it did', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await tx.query("INSERT INTO db_probe (id, note) VALUES (1, 'rolled back')");
      throw new Error('stop');
    }),
  ).rejects.toThrow('stop');
  expect((await t.db.query('SELECT * FROM db_probe WHERE id = 1')).rows).toEqual([]);
});

test('nested transactions and plain queries inside a transaction use the same transaction', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => inner.query("INSERT INTO db_probe (id, note) VALUES (2, 'inner')"));
      // through the outer handle, from inside the transaction: must see the row and not deadlock
      const seen = await t.db.query('SELECT note FROM db_probe WHERE id = 2');
      expect(seen.rows).toEqual([{ note: 'inner' }]);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect((await t.db.query('SELECT * FROM db_probe WHERE id = 2')).rows).toEqual([]);
});

test('afterCommit: at once outside a transaction, after COMMIT inside one (from either handle), never on rollback', async () => {
  const seen: string[] = [];
  t.db.afterCommit!(() => seen.push('plain'));
  expect(seen).toEqual(['plain']);
  await t.db.transaction(async (tx) => {
    tx.afterCommit!(() => seen.push('tx'));
    t.db.afterCommit!(() => seen.push('outer handle, inside'));
    await tx.transaction(async (inner) => inner.afterCommit!(() => seen.push('nested')));
    expect(seen).toEqual(['plain']); // nothing before the commit
  });
  expect(seen).toEqual(['plain', 'tx', 'outer handle, inside', 'nested']);
  await expect(
    t.db.transaction(async (tx) => {
      tx.afterCommit!(() => seen.push('rolled back'));
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(seen).not.toContain('rolled back');
});

test('concurrent transactions never interleave: no lost updates', async () => {
  await t.db.query("INSERT INTO db_probe (id, amount) VALUES (3, '0.00')");
  await Promise.all(
    Array.from({ length: 20 }, () =>
      t.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ amount: string }>('SELECT amount FROM db_probe WHERE id = 3 FOR UPDATE');
        await new Promise((r) => setTimeout(r, 2));
        await tx.query('UPDATE db_probe SET amount = $1::numeric + 1 WHERE id = 3', [rows[0].amount]);
      }),
    ),
  );
  const { rows } = await t.db.query<{ amount: string }>('SELECT amount FROM db_probe WHERE id = 3');
  expect(rows[0].amount).toBe('20.00');
});

test('a statement outside a running transaction does not see or join it', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const tx = t.db.transaction(async (x) => {
    await x.query("INSERT INTO db_probe (id, note) VALUES (4, 'uncommitted')");
    await gate;
    throw new Error('abort');
  });
  await new Promise((r) => setTimeout(r, 20));
  const outside = t.db.query('SELECT count(*)::int AS n FROM db_probe WHERE id = 4');
  release();
  await expect(tx).rejects.toThrow('abort');
  expect((await outside).rows[0]).toEqual({ n: 0 });
});

test('migrations are idempotent: a second run applies nothing and changes nothing', async () => {
  const ids = readMigrations(MIGRATIONS_DIR).map((m) => m.id);
  expect(ids[0]).toBe('001_core');
  const before = await t.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  expect(before.rows.map((r) => r.id)).toEqual(ids);
  expect(await runMigrations(t.db, MIGRATIONS_DIR)).toEqual([]);
  expect(await Promise.all([runMigrations(t.db, MIGRATIONS_DIR), runMigrations(t.db, MIGRATIONS_DIR)])).toEqual([[], []]);
});

test('badly named migration files are refused by name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mig-'));
  try {
    writeFileSync(join(dir, 'add-things.sql'), 'select 1');
    expect(() => readMigrations(dir)).toThrow('migration file "add-things.sql" must be named NNN_snake_name.sql');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.skipIf(!process.env.DATABASE_URL)(
  'PostgreSQL: instances starting together apply each migration exactly once',
  async () => {
    const schema = `t_mig_${randomBytes(4).toString('hex')}`;
    const dbs = await Promise.all([1, 2, 3].map(() => openDb({ dataDir: '/nonexistent', databaseUrl: process.env.DATABASE_URL, schema, poolSize: 2 })));
    try {
      const applied = await Promise.all(dbs.map((db) => runMigrations(db, MIGRATIONS_DIR)));
      expect(applied.flat().sort()).toEqual(
        readMigrations(MIGRATIONS_DIR)
          .map((m) => m.id)
          .sort(),
      );
    } finally {
      await dbs[0].query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await Promise.all(dbs.map((db) => db.close()));
    }
  },
  60_000,
);

test('an unreachable PostgreSQL is named in the error, without the password', async () => {
  const err = await openDb({ dataDir: '/nonexistent', databaseUrl: 'postgres://app:s3cret@127.0.0.1:1/shop' }).catch((e: Error) => e);
  expect(err).toBeInstanceOf(Error);
  expect((err as Error).message).toMatch(/^cannot use the database of DATABASE_URL \(127\.0\.0\.1:1\/shop\): /);
  expect((err as Error).message).not.toContain('s3cret');
});

test('a data folder that cannot hold the embedded database is named in the error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'db-file-'));
  const file = join(dir, 'not-a-folder');
  writeFileSync(file, 'x');
  try {
    const err = await openDb({ dataDir: file }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(
      `cannot keep the embedded database in ${join(file, 'pgdata')} (DATA_DIR ${file}): ENOTDIR: not a directory, mkdir '${join(file, 'pgdata')}'`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
