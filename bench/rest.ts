/**
 * Clicks pressed as the pointer arrives, and pressed after the pointer rested 300 ms on the target as a
 * person's does before pressing (the page asks for the click's rows while it rests: src/engine/rest.ts),
 * on ours (`npm run bench -- rest`, and in `web`):
 *  - a menu click to a list not visited yet: /staff, /store, /merchant, /product, each run a fresh page on
 *    /order left until the menu's lists are drawn ahead;
 *  - on /order: page 2 and back to page 1, a status tab and back to "all".
 * The two ways alternate between targets and runs. Per click and way: press → result (min–max,
 * median); pressed on arrival also result − API (bench/interactions.ts: the press on arrival is its way).
 * `LATENCY_MS=80` adds a network round trip (Chromium's network emulation), as an API farther away than
 * loopback has.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { armStep, menuStep, openOrderList, pagerAndTabSteps, rested, stepFigures, type Step } from './interactions';

const LISTS = ['/staff', '/store', '/merchant', '/product'];
const ROWS = '.ant-table-tbody tr.ant-table-row';
const REST = 300;
/** `LATENCY_MS`: a network round trip added by Chromium's network emulation (loopback answers in ~5–20 ms) */
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 0);
/** the lists of the menu are drawn ahead while the browser is idle, some seconds after the load */
const DRAWN_AHEAD_MS = 12_000;

async function backToOrders(page: Page) {
  await page.locator('.ant-menu-item a[href^="/order"]').first().click();
  await page.waitForURL((u) => u.pathname === '/order');
  await page.waitForTimeout(500);
}

type Figures = Map<string, { arrival: { result: number; overApi: number }[]; rested: number[] }>;

async function measure(page: Page, figures: Figures, name: string, step: Step, rest: boolean) {
  await armStep(page, step);
  await step.act(page);
  const f = await stepFigures(page, step);
  const row = figures.get(name) ?? { arrival: [], rested: [] };
  figures.set(name, row);
  if (rest) row.rested.push(f.resultMs);
  else row.arrival.push({ result: f.resultMs, overApi: f.resultMs - (f.apiMs ?? 0) });
}

export async function restBench(base: string, storage: Record<string, string>, runs = 3): Promise<string[]> {
  const figures: Figures = new Map();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (let run = 0; run < runs; run++) await restRun(browser, base, storage, run, figures);
  } finally {
    await browser.close();
  }
  return report(figures, runs);
}

/** One run: a fresh /order page; the pager and tab clicks, then the menu clicks, each way alternating. */
async function restRun(browser: Browser, base: string, storage: Record<string, string>, run: number, figures: Figures) {
  const { ctx, page } = await openOrderList(browser, base, storage);
  try {
    if (LATENCY_MS) {
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    }
    for (const [i, step] of pagerAndTabSteps().entries()) {
      const rest = (i + run) % 2 === 1;
      await measure(page, figures, step.name, rest ? rested(step, REST) : step, rest);
    }
    await page.waitForTimeout(DRAWN_AHEAD_MS);
    for (const [i, path] of LISTS.entries()) {
      const rest = (i + run) % 2 === 1;
      const step = menuStep(path, path, ROWS);
      await measure(page, figures, 'menu → a list not visited yet', rest ? rested(step, REST) : step, rest);
      await backToOrders(page);
    }
  } finally {
    await ctx.close();
  }
}

/** Per click and way: min–max and median. */
function report(figures: Figures, runs: number): string[] {
  const stat = (xs: number[]) => {
    if (!xs.length) return '—';
    const s = [...xs].sort((a, b) => a - b);
    return `${s[0]}–${s[s.length - 1]} (median ${s[Math.floor(s.length / 2)]}, n=${s.length})`;
  };
  const out = [
    `pressed as the pointer arrives, or after it rested ${REST} ms on the target (ours, ms, ${runs} runs${LATENCY_MS ? `, ${LATENCY_MS} ms network latency` : ''})`,
  ];
  for (const [name, f] of figures) {
    out.push(`  ${name}`);
    out.push(`    on arrival   press → result ${stat(f.arrival.map((x) => x.result))}; result − API ${stat(f.arrival.map((x) => x.overApi))}`);
    out.push(`    after rest   press → result ${stat(f.rested)}`);
  }
  return out;
}
