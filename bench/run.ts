/**
 * `npm run bench [-- web|api]`: speed figures, never asserted in tests (no argument: both).
 *  interactions — only web's interaction figures, ours against the hand-written page (RUNS, default 3).
 *  renders — components React renders at /order's load and per interaction, ours and hand-written (bench/renders.ts).
 *  web — JS bytes per route (login, staff); the time from navigation to an interactive /order, /staff,
 *        /store, /merchant and /product, cold and warm, against the naive ProLayout + ProTable baseline and
 *        the hand-written ProTable page of /order (bench/handwritten), loads interleaved (bench/web.ts);
 *        every interaction of bench/interactions.ts on ours and on the hand-written page; ratios; the
 *        components React renders at the load and per interaction (bench/renders.ts).
 *  api — /order/list and /order/count p50/p95 with 10 concurrent clients at 1M orders, on PGlite and
 *        (DATABASE_URL) PostgreSQL; see bench/api.ts. Loopback only, bounded in count and time.
 *  export — /order/export of 100,000 orders: time and the server's peak memory (bench/export.ts).
 *  load — 50 connections for 30 s on order list, detail and count: p50/p95/p99 and errors (bench/load.ts).
 *  live — an order created through the API → the badge of a console in Chromium: p50/p95/max (bench/live.ts).
 *  rest — menu clicks to lists not visited yet, page 2 and a status tab on /order, each pressed as the
 *         pointer arrives and after it rested on the target as a person's does (bench/rest.ts; also in web).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { serveBaseline } from './baseline';
import { serveHandwritten } from './handwritten/serve';
import { apiBench } from './api';
import { exportBench } from './export';
import { loadBench } from './load';
import { liveBench } from './live';
import { adminToken } from './lib';
import { listLoads } from './web';
import { orderListRun, type InteractionFigures } from './interactions';
import { printRenderCounts, renderCounts } from './renders';
import { restBench } from './rest';

const what = process.argv[2] ?? 'all';

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

/**
 * Each interaction of issue 10 point 1 on /order, `runs` times in fresh pages, for every page given
 * (ours and the hand-written one, alternating within each run so both see the same machine load):
 * min–max per figure, and per run the ratio ours / hand-written.
 */
async function interactions(pages: { name: string; base: string }[], storage: Record<string, string>, runs = 3) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const all = new Map<string, InteractionFigures[][]>(pages.map((p) => [p.name, []]));
  try {
    for (let i = 0; i < runs; i++) {
      for (const p of pages) all.get(p.name)!.push(await orderListRun(browser, p.base, storage));
    }
  } finally {
    await browser.close();
  }
  const range = (xs: (number | null)[]) => (xs[0] === null ? '—' : `${Math.min(...(xs as number[]))}–${Math.max(...(xs as number[]))}`);
  const ratio = (xs: (number | null)[], ys: (number | null)[]) =>
    xs[0] === null || ys[0] === null ? '—' : range(xs.map((x, k) => Math.round(((x as number) / Math.max(1, ys[k] as number)) * 100) / 100));
  for (const p of pages) {
    const rows = all.get(p.name)!;
    console.log(`${p.name}: interaction (ms, min–max over ${runs} runs)   before request   click to result   API   result − API (target ≤ 50)   Event Timing`);
    for (let k = 0; k < rows[0].length; k++) {
      const col = rows.map((r) => r[k]);
      const overApi = col.map((c) => (c.apiMs === null ? null : c.resultMs - c.apiMs));
      console.log(
        `  ${col[0].name.padEnd(34)} ${range(col.map((c) => c.beforeReqMs)).padStart(14)} ${range(col.map((c) => c.resultMs)).padStart(17)} ${range(
          col.map((c) => c.apiMs),
        ).padStart(8)} ${range(overApi).padStart(26)} ${range(col.map((c) => c.inpMs)).padStart(14)}`,
      );
    }
  }
  if (pages.length === 2) {
    const [a, b] = pages.map((p) => all.get(p.name)!);
    console.log(`ratio ${pages[0].name} / ${pages[1].name} per run (min–max; target ≤ 1.15)   before request   click to result   Event Timing`);
    for (let k = 0; k < a[0].length; k++) {
      const x = a.map((r) => r[k]);
      const y = b.map((r) => r[k]);
      console.log(
        `  ${x[0].name.padEnd(34)} ${ratio(
          x.map((c) => c.beforeReqMs),
          y.map((c) => c.beforeReqMs),
        ).padStart(14)} ${ratio(
          x.map((c) => c.resultMs),
          y.map((c) => c.resultMs),
        ).padStart(17)} ${ratio(
          x.map((c) => c.inpMs),
          y.map((c) => c.inpMs),
        ).padStart(14)}`,
      );
    }
  }
  return Object.fromEntries(all);
}

async function web() {
  const ours = await startServer();
  try {
    const t = await adminToken(ours.base);
    const storage = { Authorization: t };
    const loginKB = await routeBytes(ours.base, '/login', '#username');
    const staffKB = await routeBytes(ours.base, '/staff', '.ant-table-tbody tr.ant-table-row', storage);
    // the hand-written ProTable page (bench/handwritten), same API and data: its load and every interaction
    const hand = await serveHandwritten(ours.base);
    let inter;
    let loads;
    const baseline = await serveBaseline();
    try {
      inter = await interactions(
        [
          { name: 'ours', base: ours.base },
          { name: 'hand-written', base: hand.base },
        ],
        storage,
      );
      // navigation to an interactive list: our five lists, the naive page and the hand-written one, interleaved
      loads = await listLoads(ours.base, baseline.base, t, Number(process.env.LOADS ?? 7), [
        { name: 'hand /order', url: `${hand.base}/order`, storage, minRows: 20 },
      ]);
      // what React draws at the load and per interaction: counts, beside the times
      printRenderCounts(await renderCounts(ours.base, storage), await renderCounts(hand.base, storage));
      for (const line of await restBench(ours.base, storage)) console.log(line);
    } finally {
      baseline.stop();
      await hand.stop();
    }
    console.log(JSON.stringify({ loginJsKB: loginKB, staffJsKB: staffKB, loads, interactions: inter }, null, 2));
  } finally {
    await ours.stop();
  }
}

/** Only the interaction figures (a quicker loop while working on one of them). */
async function interactionsOnly() {
  const ours = await startServer();
  const hand = await serveHandwritten(ours.base);
  try {
    const storage = { Authorization: await adminToken(ours.base) };
    await interactions(
      [
        { name: 'ours', base: ours.base },
        { name: 'hand-written', base: hand.base },
      ],
      storage,
      Number(process.env.RUNS ?? 3),
    );
  } finally {
    await hand.stop();
    await ours.stop();
  }
}

/** Clicks pressed on the pointer's arrival and after it rested (bench/rest.ts). */
async function restOnly() {
  const ours = await startServer();
  try {
    for (const line of await restBench(ours.base, { Authorization: await adminToken(ours.base) }, Number(process.env.RUNS ?? 3))) console.log(line);
  } finally {
    await ours.stop();
  }
}

/** Components rendered per interaction, ours against the hand-written page (counts, not times). */
async function renders() {
  const ours = await startServer();
  const hand = await serveHandwritten(ours.base);
  try {
    const storage = { Authorization: await adminToken(ours.base) };
    printRenderCounts(await renderCounts(ours.base, storage), await renderCounts(hand.base, storage));
  } finally {
    await hand.stop();
    await ours.stop();
  }
}

if (!['all', 'web', 'interactions', 'renders', 'api', 'export', 'load', 'live', 'rest'].includes(what)) {
  console.error(`unknown bench "${what}": use web, interactions, renders, api, export, load, live, rest or nothing for all`);
  process.exit(2);
}
if (what === 'all' || what === 'web') await web();
if (what === 'interactions') await interactionsOnly();
if (what === 'rest') await restOnly();
if (what === 'renders') await renders();
if (what === 'all' || what === 'api') await apiBench();
if (what === 'all' || what === 'export') for (const line of await exportBench()) console.log(`export  ${line}`);
if (what === 'all' || what === 'load') for (const line of await loadBench()) console.log(`load  ${line}`);
if (what === 'all' || what === 'live') for (const line of await liveBench()) console.log(`live  ${line}`);
