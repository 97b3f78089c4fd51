/**
 * API benchmark: /order/list and /order/count at benchmark volume (1M orders by default) with 10
 * concurrent clients, on PGlite and, when DATABASE_URL is set, on PostgreSQL. The benchmark databases
 * are seeded on first use (`npm run seed -- --orders N`) and kept: PGlite in BENCH_DATA_DIR (default
 * .data-bench/), PostgreSQL in the schema BENCH_SCHEMA (default bench) of DATABASE_URL.
 * Every response must be HTTP 200 with code 0: a failed call is reported, never timed as a fast one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/lib/server';
import http from 'node:http';
import { assertLoopback, httpGet, load, percentile } from './lib';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** Untimed calls before each endpoint is measured (BENCH_WARMUP). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
/** Typical filters of a working day: first page, a status tab, a later page, a date range, a phone prefix. */
const QUERIES: Record<string, string> = {
  'first page': 'current=1&pageSize=20',
  'status tab': 'current=1&pageSize=20&status=pending',
  'page 3 of a tab': 'current=3&pageSize=20&status=settled',
  'created range': 'current=1&pageSize=20&createdAtFrom=2026-01-01T00:00:00.000Z&createdAtTo=2026-12-31T23:59:59.999Z',
  'status + range': 'current=1&pageSize=20&status=in_service&createdAtFrom=2026-06-01T00:00:00.000Z&createdAtTo=2026-12-31T23:59:59.999Z',
  phone: 'current=1&pageSize=20&customerPhone=13812345678',
};

function seed(env: Record<string, string>): void {
  console.log(
    `bench: seeding ${ORDERS} orders (${env.DATABASE_URL ? `PostgreSQL schema ${env.DATABASE_SCHEMA}` : `PGlite in ${env.DATA_DIR}`}); kept for later runs`,
  );
  const r = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--reset', '--orders', String(ORDERS)], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error('bench: seeding the benchmark database failed');
}

async function pgOrderCount(url: string, schema: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`SELECT to_regclass($1) AS t`, [`${schema}.orders`]);
    if (!r.rows[0].t) return 0;
    return Number((await c.query(`SELECT count(*) AS n FROM ${schema}.orders`)).rows[0].n);
  } finally {
    await c.end();
  }
}

async function token(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"username":"admin","password":"admin123"}',
  });
  const body = (await r.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`bench: sign-in failed: ${body.msg}`);
  return body.data.token;
}

export interface ApiFigures {
  label: string;
  rows: { endpoint: string; filter: string; n: number; p50: number; p95: number }[];
}

async function measure(label: string, env: Record<string, string>): Promise<ApiFigures> {
  const srv = await startServer(env);
  assertLoopback(srv.base);
  const rows: ApiFigures['rows'] = [];
  // one connection per client, kept open, as a browser or a proxy in front of the server would
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  try {
    const headers = { 'x-misi-token': await token(srv.base) };

    const names = Object.keys(QUERIES);
    for (const [endpoint, path] of [
      ['list', '/api/order/list'],
      ['count', '/api/order/count'],
    ] as const) {
      // warm-up: plans and caches, not timed
      // the count takes the search filters only (no paging)
      const query = (name: string) => (endpoint === 'count' ? QUERIES[name].replace(/(^|&)(current|pageSize)=\d+/g, '').replace(/^&/, '') : QUERIES[name]);
      for (const q of names) await httpGet(`${srv.base}${path}?${query(q)}`, headers, agent);
      // warm-up under load, untimed: the first few hundred calls after a start run unoptimised code on
      // fresh connections; the figures are the steady state a running server sees
      await load(
        async (i) => {
          await httpGet(`${srv.base}${path}?${query(names[i % names.length])}`, headers, agent);
        },
        { clients: 10, count: WARMUP, maxMs: 30_000 },
      );
      const byFilter = new Map<string, number[]>(names.map((n) => [n, []]));
      let failures = 0;
      let firstFailure = '';
      const all = await load(
        async (i) => {
          const name = names[i % names.length];
          const t0 = performance.now();
          const r = await httpGet(`${srv.base}${path}?${query(name)}`, headers, agent);
          const text = r.text;
          byFilter.get(name)!.push(performance.now() - t0);
          if (r.status !== 200 || !text.startsWith('{"code":0,')) {
            failures++;
            firstFailure ||= `${r.status} ${text.slice(0, 200)}`;
          }
        },
        { clients: 10, count: 1200, maxMs: 90_000 },
      );
      if (failures) throw new Error(`bench: ${failures} failed ${endpoint} calls on ${label}, e.g. ${firstFailure}`);
      rows.push({ endpoint, filter: 'all (mixed)', n: all.length, p50: percentile(all, 50), p95: percentile(all, 95) });
      for (const [name, lat] of byFilter) {
        lat.sort((a, b) => a - b);
        rows.push({ endpoint, filter: name, n: lat.length, p50: percentile(lat, 50), p95: percentile(lat, 95) });
      }
    }
  } finally {
    agent.destroy();
    await srv.stop();
  }
  return { label, rows };
}

export async function apiBench(): Promise<ApiFigures[]> {
  const out: ApiFigures[] = [];
  // BENCH_DB=pg or pglite: one database only (default: both)
  const only = process.env.BENCH_DB;
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data-bench');
  if (only !== 'pg') {
    if (!existsSync(dataDir)) seed({ DATA_DIR: dataDir });
    out.push(await measure(`PGlite (${ORDERS} orders)`, { DATA_DIR: dataDir }));
  }
  const url = only === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (url) {
    const schema = process.env.BENCH_SCHEMA ?? 'bench';
    if ((await pgOrderCount(url, schema)) < ORDERS) seed({ DATABASE_URL: url, DATABASE_SCHEMA: schema });
    out.push(await measure(`PostgreSQL (${ORDERS} orders)`, { DATABASE_URL: url, DATABASE_SCHEMA: schema }));
  } else {
    console.log('bench: DATABASE_URL not set — the PostgreSQL figures are skipped');
  }
  for (const f of out) {
    console.log(`\n${f.label}, 10 concurrent clients`);
    for (const r of f.rows)
      console.log(
        `  ${r.endpoint.padEnd(5)} ${r.filter.padEnd(16)} n=${String(r.n).padStart(4)}  p50=${r.p50.toFixed(1).padStart(6)} ms  p95=${r.p95.toFixed(1).padStart(6)} ms`,
      );
  }
  return out;
}
