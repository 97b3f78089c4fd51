/**
 * Composition root: config → database → migrations → first-start seed → app → listen.
 * `npx tsx server/main.ts` runs it; scripts call `startServer(config)` and `close()` it.
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './core/app';
import { ConfigError, loadConfig, type ServerConfig } from './core/config';
import { openDb, type SqlDb } from './core/db';
import { runMigrations } from './core/migrations';
import { MIGRATIONS_DIR } from './core/paths';
import { runSeeds } from './core/seeds';
import { createIdGenerator } from './core/snowflake';
import type { FastifyInstance } from 'fastify';
import { modules } from './modules';
import { verifyPassword } from './modules/auth';

/** The demo accounts the staff seed creates (DESIGN.md §7); printed at start when they exist. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', role: 'admin' },
  { username: 'finance', password: 'finance123', role: 'finance' },
  { username: 'dispatcher', password: 'dispatcher123', role: 'dispatcher' },
];

export interface RunningServer {
  app: FastifyInstance;
  db: SqlDb;
  url: string;
  /** stops listening, then closes the database (PGlite must be closed for the process to exit) */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, opts: { seedOptions?: Record<string, unknown> } = {}): Promise<RunningServer> {
  const t0 = performance.now();
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema });
  let app: FastifyInstance | undefined;
  try {
    const tDb = performance.now();
    const applied = await runMigrations(db, MIGRATIONS_DIR);
    const nextId = createIdGenerator(config.workerId);
    const seeded = await runSeeds(db, modules, { nextId, demo: !config.production, options: opts.seedOptions });
    app = await buildApp({
      db,
      dataDir: config.dataDir,
      modules,
      nextId,
      trustProxy: config.trustProxy,
      session: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours, cacheSeconds: config.sessionCacheSeconds },
      logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    });
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const ms = (x: number) => `${Math.round(x)} ms`;
    const where = config.databaseUrl ? `PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}` : `PGlite in ${config.dataDir}`;
    const lines = [
      `Console and API listening on ${url}`,
      `  database: ${where}; opened in ${ms(tDb - t0)}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}${seeded ? '; seeded' : ''}`,
      `  started in ${ms(performance.now() - t0)}`,
    ];
    lines.push(...(await accountHints(db, config.production)));
    console.log(lines.join('\n'));
    let closing: Promise<void> | undefined;
    const running = app;
    return {
      app: running,
      db,
      url,
      close: () =>
        (closing ??= (async () => {
          await running.close();
          await db.close();
        })()),
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}

/** Demo accounts that still have their demo password (never in production), or how to make a first admin. */
async function accountHints(db: SqlDb, production: boolean): Promise<string[]> {
  const { rows } = await db.query<{ username: string; password_hash: string; enabled: boolean }>(
    'SELECT username, password_hash, enabled FROM users WHERE username = ANY($1::text[])',
    [DEMO_ACCOUNTS.map((a) => a.username)],
  );
  const usable = production
    ? []
    : (
        await Promise.all(
          DEMO_ACCOUNTS.map(async (a) => {
            const row = rows.find((r) => r.username === a.username);
            return row?.enabled && (await verifyPassword(row.password_hash, a.password)) ? a : null;
          }),
        )
      ).filter((a) => a !== null);
  if (usable.length) return ['  demo accounts: ' + usable.map((a) => `${a.username}/${a.password} (${a.role})`).join(', ')];
  const { rows: any } = await db.query('SELECT 1 FROM users LIMIT 1');
  return any.length ? [] : ['  no accounts yet: create one with `npm run create-admin`'];
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`config error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') console.error(`start failed: port ${config.port} on ${config.host} is already in use (set PORT)`);
    else console.error(`start failed: ${e.message}`);
    process.exit(1);
  }
  const stop = (signal: string) => {
    console.log(`${signal}: shutting down`);
    // A second signal, or a close that hangs, must still end the process.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error(`shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Launched through wrappers (npx → sh → tsx), a SIGTERM to the wrapper may never reach us; when
  // our parent is gone we are an orphan nobody will stop, so stop ourselves.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process exited');
  }, 1000).unref();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
