/**
 * Applies server/migrations/NNN_name.sql in numeric order, each once, each in its own transaction,
 * recorded in schema_migrations. On PostgreSQL every step holds a transaction-scoped advisory lock,
 * so instances starting together apply each file exactly once.
 *
 * @example
 * const applied = await runMigrations(db, 'server/migrations'); // ['001_core', '002_domain']
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDb } from './db';

export interface Migration {
  id: string;
  number: number;
  sql: string;
}

const FILE = /^(\d+)_[a-z0-9_]+\.sql$/;

/** Reads the migration files; refuses names that do not follow NNN_name.sql and duplicate numbers. */
export function readMigrations(dir: string): Migration[] {
  const out: Migration[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.sql')) continue;
    const m = FILE.exec(name);
    if (!m) throw new Error(`migration file "${name}" must be named NNN_snake_name.sql`);
    out.push({ id: name.slice(0, -4), number: Number(m[1]), sql: readFileSync(join(dir, name), 'utf8') });
  }
  out.sort((a, b) => a.number - b.number || a.id.localeCompare(b.id));
  return out;
}

/** A stable 63-bit lock id per schema, so tests in separate schemas do not wait on each other. */
function lockKey(schema: string): string {
  return BigInt.asIntN(64, BigInt('0x' + createHash('sha256').update(`migrations:${schema}`).digest('hex').slice(0, 16))).toString();
}

async function lock(tx: SqlDb): Promise<void> {
  if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1::int8)', [lockKey(tx.schema)]);
}

/** Runs pending migrations; returns the ids applied now. */
export async function runMigrations(db: SqlDb, dir: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id]);
      if (done.rows.length) return;
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`migration ${m.id} failed: ${(err as Error).message}`);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    });
  }
  return applied;
}
