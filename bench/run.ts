/**
 * `npm run bench [-- web|api]`: speed figures, never asserted in tests (no argument: both).
 *  web — JS bytes per route (login, staff, order), time to the first 20 order rows, cold and warm,
 *        the live table of /staff, /store, /merchant, /product, and the interactions of bench/interactions.ts
 *        (median of 10), against the naive ProLayout + ProTable baseline measured in the same run.
 *  api — /order/list and /order/count p50/p95 with 10 concurrent clients at 1M orders, on PGlite and
 *        (DATABASE_URL) PostgreSQL; see bench/api.ts. Loopback only, bounded in count and time.
 *  export — /order/export of 100,000 orders: time and the server's peak memory (bench/export.ts).
 *  load — 50 connections for 30 s on order list, detail and count: p50/p95/p99 and errors (bench/load.ts).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { serveBaseline } from './baseline';
import { apiBench } from './api';
import { exportBench } from './export';
import { loadBench } from './load';
import { measureRoute } from './web';
import { INSTRUMENT, listSteps, runInteractions, type InteractionFigures } from './interactions';

const what = process.argv[2] ?? 'all';

async function token(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"username":"admin","password":"admin123"}',
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function routeBytes(base: string, route: string, waitFor: string, storage?: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const ctx = await browser.newContext({ locale: 'zh-CN' });
  if (storage)
    await ctx.addInitScript((s: Record<string, string>) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
  const page = await ctx.newPage();
  await page.goto(base + route);
  await page.locator(waitFor).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const js = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.endsWith('.js')).reduce((s, e) => s + e.transferSize, 0),
  );
  await browser.close();
  return Math.round(js / 1024);
}

/** Each interaction of issue 10 point 1 on /order, `runs` times in fresh pages: min–max per figure. */
async function interactions(base: string, storage: Record<string, string>, runs = 3) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const all: InteractionFigures[][] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      await ctx.addInitScript((s: Record<string, string>) => {
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      }, storage);
      const page = await ctx.newPage();
      await page.addInitScript({ content: INSTRUMENT });
      await page.goto(base + '/order');
      await page.locator('#root .ant-table-tbody tr.ant-table-row').nth(19).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1500);
      all.push(
        await runInteractions(
          page,
          listSteps({ searchField: 'customerName', searchValue: '田超', secondList: '/staff', secondListRows: '.ant-table-tbody tr.ant-table-row' }),
        ),
      );
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  const range = (xs: (number | null)[]) => (xs[0] === null ? '—' : `${Math.min(...(xs as number[]))}–${Math.max(...(xs as number[]))}`);
  console.log('interaction (ms, min–max over runs)   before request   click to result   Event Timing');
  for (let k = 0; k < all[0].length; k++) {
    const col = all.map((r) => r[k]);
    console.log(
      `${col[0].name.padEnd(36)} ${range(col.map((c) => c.beforeReqMs)).padStart(14)} ${range(col.map((c) => c.resultMs)).padStart(17)} ${range(col.map((c) => c.inpMs)).padStart(14)}`,
    );
  }
  return all;
}

async function web() {
  const ours = await startServer();
  try {
    const t = await token(ours.base);
    const storage = { Authorization: t };
    const loginKB = await routeBytes(ours.base, '/login', '#username');
    const staffKB = await routeBytes(ours.base, '/staff', '.ant-table-tbody tr.ant-table-row', storage);
    const order = await measureRoute(ours.base, '/order', { storage });
    // the four other lists: live table, fewer loads (the order route carries the detailed figures)
    const lists: Record<string, number> = {};
    for (const route of ['/staff', '/store', '/merchant', '/product'])
      lists[route] = (await measureRoute(ours.base, route, { storage, loads: 3, minRows: 5 })).coldLiveMs; // merchant has 12 demo rows
    const inter = await interactions(ours.base, storage);
    const baseline = await serveBaseline();
    let base;
    try {
      base = await measureRoute(baseline.base, '/orders', {});
    } finally {
      baseline.stop();
    }
    console.log(JSON.stringify({ loginJsKB: loginKB, staffJsKB: staffKB, order, lists, baseline: base, interactions: inter }, null, 2));
    console.log(
      `other lists, live table cold (median of 3): ${Object.entries(lists)
        .map(([r, ms]) => `${r} ${ms} ms (${(base.coldMs / ms).toFixed(2)}x the baseline's rows)`)
        .join(', ')}`,
    );
    const r = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `order route: rows after ${order.coldMs} ms cold / ${order.warmMs} ms warm (live table ${order.coldLiveMs} / ${order.warmLiveMs} ms), ${order.jsTransferKB} KB JS (+ ${order.cssTransferKB} KB CSS) transferred`,
    );
    console.log(
      `baseline:    rows after ${base.coldMs} ms cold / ${base.warmMs} ms warm, ${base.jsTransferKB} KB JS (+ ${base.cssTransferKB} KB CSS) transferred`,
    );
    console.log(
      `ratio (baseline / ours): rows cold ${r(base.coldMs, order.coldMs)}x, warm ${r(base.warmMs, order.warmMs)}x; live table cold ${r(base.coldLiveMs, order.coldLiveMs)}x, warm ${r(base.warmLiveMs, order.warmLiveMs)}x; JS bytes ${r(base.jsTransferKB, order.jsTransferKB)}x`,
    );
  } finally {
    await ours.stop();
  }
}

if (!['all', 'web', 'api', 'export', 'load'].includes(what)) {
  console.error(`unknown bench "${what}": use web, api, export, load or nothing for all`);
  process.exit(2);
}
if (what === 'all' || what === 'web') await web();
if (what === 'all' || what === 'api') await apiBench();
if (what === 'all' || what === 'export') for (const line of await exportBench()) console.log(`export  ${line}`);
if (what === 'all' || what === 'load') for (const line of await loadBench()) console.log(`load  ${line}`);
