/**
 * Load benchmark: 50 keep-alive connections for 30 s each (BENCH_LOAD_CLIENTS, BENCH_LOAD_SECONDS) on
 * the order list, an order's detail and the tab counts of a fresh demo database: p50, p95, p99 and the
 * errors (any answer other than HTTP 200 with code 0). PGlite, and PostgreSQL when DATABASE_URL is set.
 * Loopback only; each run is bounded in time.
 */
import http from 'node:http';
import { startServer } from '../e2e/lib/server';
import { adminToken, assertLoopback, httpGet, percentile } from './lib';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);

async function run(base: string, path: string, token: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const lat: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const r = await httpGet(base + path, { 'x-misi-token': token }, agent);
        if (r.status !== 200 || !r.text.startsWith('{"code":0')) errors += 1;
      } catch {
        errors += 1;
      }
      lat.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  agent.destroy();
  lat.sort((a, b) => a - b);
  const f = (p: number) => percentile(lat, p).toFixed(1);
  return `${path.split('?')[0].padEnd(16)} ${lat.length} requests (${Math.round(lat.length / SECONDS)}/s), p50 ${f(50)} ms, p95 ${f(95)} ms, p99 ${f(99)} ms, errors ${errors}`;
}

async function once(label: string, env: Record<string, string>): Promise<string[]> {
  const srv = await startServer(env);
  assertLoopback(srv.base);
  try {
    const token = await adminToken(srv.base);
    const first = await fetch(`${srv.base}/api/order/list?current=1&pageSize=1`, { headers: { 'x-misi-token': token } });
    const id = /"id":(\d+)/.exec(await first.text())![1];
    const out: string[] = [];
    for (const path of ['/api/order/list?current=1&pageSize=20', `/api/order/getById?id=${id}`, '/api/order/count'])
      out.push(`${label} ${await run(srv.base, path, token)}`);
    return out;
  } finally {
    await srv.stop();
  }
}

export async function loadBench(): Promise<string[]> {
  const out = await once('PGlite    ', { DATABASE_URL: '' });
  if (process.env.DATABASE_URL) out.push(...(await once('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: 'bench_load' })));
  return out;
}
