/**
 * `npm run bench [-- web|api]`: speed figures, never asserted in tests (no argument: both).
 *  web — JS bytes per route (login, staff, order) and time to the first 20 order rows, cold and warm
 *        (median of 10), against the naive ProLayout + ProTable baseline measured in the same run.
 *  api — /order/list and /order/count p50/p95 with 10 concurrent clients at 1M orders, on PGlite and
 *        (DATABASE_URL) PostgreSQL; see bench/api.ts. Loopback only, bounded in count and time.
 *  export — /order/export of 100,000 orders: time and the server's peak memory (bench/export.ts).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { serveBaseline } from './baseline';
import { apiBench } from './api';
import { exportBench } from './export';
import { measureRoute } from './web';

const what = process.argv[2] ?? 'all';

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
    const r = (a: number, b: number) => (a / b).toFixed(2);
    console.log(`order route: rows after ${order.coldMs} ms cold / ${order.warmMs} ms warm (live table ${order.coldLiveMs} / ${order.warmLiveMs} ms), ${order.jsTransferKB} KB JS (+ ${order.cssTransferKB} KB CSS) transferred`);
    console.log(`baseline:    rows after ${base.coldMs} ms cold / ${base.warmMs} ms warm, ${base.jsTransferKB} KB JS (+ ${base.cssTransferKB} KB CSS) transferred`);
    console.log(`ratio (baseline / ours): rows cold ${r(base.coldMs, order.coldMs)}x, warm ${r(base.warmMs, order.warmMs)}x; live table cold ${r(base.coldLiveMs, order.coldLiveMs)}x, warm ${r(base.warmLiveMs, order.warmLiveMs)}x; JS bytes ${r(base.jsTransferKB, order.jsTransferKB)}x`);
  } finally {
    await ours.stop();
  }
}

if (!['all', 'web', 'api', 'export'].includes(what)) {
  console.error(`unknown bench "${what}": use web, api, export or nothing for all`);
  process.exit(2);
}
if (what === 'all' || what === 'web') await web();
if (what === 'all' || what === 'api') await apiBench();
if (what === 'all' || what === 'export') for (const line of await exportBench()) console.log(`export  ${line}`);
