/**
 * Export benchmark: GET /order/export of 100,000 orders (BENCH_EXPORT_ORDERS), streamed as XLSX, on
 * PGlite (and PostgreSQL when DATABASE_URL is set), twice on one server: time to the whole file, its
 * size, and the server's resident memory before and at its peak during each export (sampled from /proc
 * every 20 ms).
 * The database is seeded once into .data-bench-export/ (PGlite) or the schema bench_export.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/lib/server';
import { adminToken, assertLoopback } from './lib';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);

function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function once(label: string, env: Record<string, string>): Promise<string> {
  const srv = await startServer(env);
  assertLoopback(srv.base);
  try {
    const token = await adminToken(srv.base);
    // Twice on one server: on PGlite the database runs in the server's process, and the first export also
    // loads the orders into its buffer cache (memory WebAssembly never gives back); the second shows the
    // export's own footprint.
    const runs: string[] = [];
    for (const run of ['first', 'second']) {
      const before = rssMB(srv.pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMB(srv.pid));
      }, 20);
      const t0 = performance.now();
      const res = await fetch(`${srv.base}/api/order/export`, { headers: { 'x-misi-token': token } });
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('spreadsheetml')) throw new Error(`bench export: ${res.status} ${await res.text()}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      const ms = performance.now() - t0;
      clearInterval(timer);
      runs.push(
        `${run}: ${(bytes / 1048576).toFixed(1)} MB XLSX in ${(ms / 1000).toFixed(1)} s (${Math.round(ORDERS / (ms / 1000)).toLocaleString('en')} rows/s), server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
      );
    }
    return `${label}: ${ORDERS.toLocaleString('en')} orders; ${runs.join('; ')}`;
  } finally {
    await srv.stop();
  }
}

function seed(env: Record<string, string>): void {
  console.log(`bench export: seeding ${ORDERS} orders; kept for later runs`);
  const r = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--reset', '--orders', String(ORDERS)], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error('bench export: seeding failed');
}

async function pgOrders(url: string, schema: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (!(await c.query('SELECT to_regclass($1) AS t', [`${schema}.orders`])).rows[0].t) return 0;
    return Number((await c.query(`SELECT count(*) AS n FROM ${schema}.orders`)).rows[0].n);
  } finally {
    await c.end();
  }
}

export async function exportBench(): Promise<string[]> {
  const out: string[] = [];
  const dir = resolve(process.env.BENCH_EXPORT_DIR ?? '.data-bench-export');
  const pgliteEnv = { DATA_DIR: dir, DATABASE_URL: '' };
  if (!existsSync(resolve(dir, 'pgdata'))) seed({ DATA_DIR: dir });
  out.push(await once('PGlite', pgliteEnv));
  if (process.env.DATABASE_URL) {
    const env = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: 'bench_export' };
    if ((await pgOrders(env.DATABASE_URL, env.DATABASE_SCHEMA)) !== ORDERS) seed(env);
    out.push(await once('PostgreSQL', env));
  }
  return out;
}
