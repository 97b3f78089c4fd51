/**
 * `npm run bench [-- web|api]`: speed figures, never asserted in tests.
 *  web — JS bytes per route (login, staff, order) and time to the first 20 order rows, cold and warm
 *        (median of 10), against the naive ProLayout + ProTable baseline measured in the same run.
 *  api — /order/list p50/p95 and /order/count with 10 concurrent clients on a benchmark database
 *        (BENCH_DATA_DIR: a PGlite folder seeded with `npm run seed -- --orders 1000000`; and/or
 *        DATABASE_URL for PostgreSQL). Loopback only, bounded in count and time.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { serveBaseline } from './baseline';
import { assertLoopback, load, percentile } from './lib';
import { measureRoute } from './web';

const what = process.argv[2] ?? 'web';

async function token(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"admin123"}' });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function routeBytes(base: string, route: string, waitFor: string, storage?: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const ctx = await browser.newContext({ locale: 'zh-CN' });
  if (storage) await ctx.addInitScript((s: Record<string, string>) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage);
  const page = await ctx.newPage();
  await page.goto(base + route);
  await page.locator(waitFor).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const js = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.endsWith('.js')).reduce((s, e) => s + e.transferSize, 0));
  await browser.close();
  return Math.round(js / 1024);
}

async function web() {
  const ours = await startServer();
  try {
    const t = await token(ours.base);
    const storage = { Authorization: t };
    const loginKB = await routeBytes(ours.base, '/login', '#username');
    const staffKB = await routeBytes(ours.base, '/staff', '.ant-table-tbody tr.ant-table-row', storage);
    const order = await measureRoute(ours.base, '/order', { storage });
    const baseline = await serveBaseline();
    let base;
    try {
      base = await measureRoute(baseline.base, '/orders', {});
    } finally {
      baseline.stop();
    }
    console.log(JSON.stringify({ loginJsKB: loginKB, staffJsKB: staffKB, order, baseline: base }, null, 2));
    console.log(`order route: rows after ${order.coldMs} ms cold / ${order.warmMs} ms warm, ${order.jsTransferKB} KB JS transferred`);
    console.log(`baseline:    rows after ${base.coldMs} ms cold / ${base.warmMs} ms warm, ${base.jsTransferKB} KB JS transferred`);
    console.log(`ratio (baseline / ours): cold ${(base.coldMs / order.coldMs).toFixed(2)}x, warm ${(base.warmMs / order.warmMs).toFixed(2)}x, JS bytes ${(base.jsTransferKB / order.jsTransferKB).toFixed(2)}x`);
  } finally {
    await ours.stop();
  }
}

async function apiOn(label: string, env: Record<string, string>) {
  const srv = await startServer(env);
  assertLoopback(srv.base);
  try {
    const t = await token(srv.base);
    const headers = { 'x-misi-token': t };
    const queries = ['current=1&pageSize=20', 'current=1&pageSize=20&status=pending', 'current=3&pageSize=20&status=settled',
      'current=1&pageSize=20&createdAtFrom=2026-01-01T00:00:00.000Z&createdAtTo=2026-12-31T23:59:59.999Z', 'current=1&pageSize=20&customerPhone=13800138000'];
    for (const [name, path] of [['list', '/api/order/list'], ['count', '/api/order/count']] as const) {
      const lat = await load(async (i) => { await (await fetch(`${srv.base}${path}?${queries[i % queries.length]}`, { headers })).arrayBuffer(); }, { clients: 10, count: 1000, maxMs: 60_000 });
      console.log(`${label} ${name}: n=${lat.length} p50=${percentile(lat, 50).toFixed(1)} ms p95=${percentile(lat, 95).toFixed(1)} ms`);
    }
  } finally {
    await srv.stop();
  }
}

async function api() {
  if (process.env.BENCH_DATA_DIR) await apiOn('PGlite', { DATA_DIR: process.env.BENCH_DATA_DIR });
  if (process.env.DATABASE_URL) await apiOn('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL });
  if (!process.env.BENCH_DATA_DIR && !process.env.DATABASE_URL) console.log('api bench: set BENCH_DATA_DIR and/or DATABASE_URL to a database seeded with `npm run seed -- --orders 1000000`');
}

if (what === 'web') await web();
else if (what === 'api') await api();
else { console.error(`unknown bench "${what}": use web or api`); process.exit(2); }
