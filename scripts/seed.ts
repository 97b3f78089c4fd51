/**
 * npm run seed [-- --reset] [-- --orders 1000000 ...]
 *
 * Seeds the database the server would use (DATA_DIR, default ./data, or DATABASE_URL): runs the
 * migrations, then every module's `seed` in module order (server/modules/index.ts).
 * - A database that already has users is left alone unless --reset is given; --reset empties every
 *   table (schema_migrations excepted) and the uploaded files, then seeds again.
 * - Every other `--key value` pair is passed to the module seeds as `options` (kebab-case keys become
 *   camelCase; digit strings become numbers; a flag without a value is true), e.g. --orders 1000000
 *   gives { orders: 1000000 }.
 * - NODE_ENV=production seeds no demo data and no fixed passwords (see server/modules/staff/README.md);
 *   --admin-password sets the first administrator's password there instead of a printed random one.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../server/core/config';
import { openDb, type SqlDb } from '../server/core/db';
import { runMigrations } from '../server/core/migrations';
import { MIGRATIONS_DIR } from '../server/core/paths';
import { runSeeds } from '../server/core/seeds';
import { createIdGenerator } from '../server/core/snowflake';
import { modules } from '../server/modules';

export type SeedOptions = Record<string, string | number | boolean>;

/** Parses `--key value`, `--key=value` and bare `--flag` into an options object; rejects stray words. */
export function parseSeedArgs(argv: string[]): SeedOptions {
  const out: SeedOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([a-zA-Z][a-zA-Z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unexpected argument "${arg}": options look like --name value`);
    const key = m[1].replace(/-([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    let raw: string | undefined = m[2];
    if (raw === undefined && i + 1 < argv.length && !argv[i + 1].startsWith('--')) raw = argv[++i];
    out[key] = raw === undefined ? true : typed(raw);
  }
  return out;
}

function typed(raw: string): string | number | boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(raw) && Number.isSafeInteger(Math.trunc(Number(raw)))) return Number(raw);
  return raw;
}

/** Empties every table of the current schema except the migration record, in one statement. */
async function wipe(db: SqlDb): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
  );
  if (rows.length) await db.query(`TRUNCATE ${rows.map((r) => r.name).join(', ')} CASCADE`);
}

export async function runSeed(argv: string[], env: Record<string, string | undefined> = process.env): Promise<void> {
  const options = parseSeedArgs(argv);
  const reset = options.reset === true;
  delete options.reset;
  const config = loadConfig(env);
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema, poolSize: 4 });
  try {
    await runMigrations(db, MIGRATIONS_DIR);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (Number(rows[0].n) > 0) {
      if (!reset) {
        throw new Error('the database already has data; run `npm run seed -- --reset` to empty it and seed again');
      }
      await wipe(db);
      await rm(join(config.dataDir, 'uploads'), { recursive: true, force: true });
      console.log('seed: emptied every table and the uploaded files');
    }
    const demo = !config.production;
    const started = Date.now();
    // The same routine as the server's first start: every module's seed, in order, in one transaction.
    await runSeeds(db, modules, { nextId: createIdGenerator(config.workerId), demo, options });
    // Bulk rows leave the visibility map unset, so the planner prices index-only scans (the bounded
    // counts of the order list) as heap fetches and picks sequential scans: 50 ms instead of 2 ms at
    // 1M orders on PostgreSQL until autovacuum runs, and PGlite never runs it. VACUUM cannot run in
    // the seed's transaction, so it runs here, one statement at a time.
    if (options.orders) for (const table of ['orders', 'order_logs']) await db.query(`VACUUM ANALYZE ${table}`);
    console.log(
      `seed: ${modules
        .filter((m) => m.seed)
        .map((m) => m.resource)
        .join(', ')} seeded in ${Date.now() - started} ms`,
    );
    console.log(
      demo
        ? 'seed: demo accounts admin/admin123, finance/finance123, dispatcher/dispatcher123 (other staff: staff123)'
        : 'seed: NODE_ENV=production — no demo data and no fixed passwords were written',
    );
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSeed(process.argv.slice(2)).then(
    () => process.exit(0),
    (err) => {
      console.error(`seed: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
      process.exit(1);
    },
  );
}
