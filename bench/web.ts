/**
 * Browser benchmark: time from navigation to the first 20 table rows visible, and the JS bytes a
 * route ships, for our console and for the naive ProLayout + ProTable baseline, in one run.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { median } from './lib';

export interface RouteFigures {
  route: string;
  /** rows on screen (the prepaint's static copy or the live table), median */
  coldMs: number;
  warmMs: number;
  /** the live, interactive table's rows, median */
  coldLiveMs: number;
  warmLiveMs: number;
  jsFiles: number;
  jsTransferKB: number;
  jsDecodedKB: number;
  /** stylesheets transferred (ours: antd's static stylesheet and the console's CSS) */
  cssTransferKB: number;
}

/**
 * Page script: records performance.now() when `min` rows are laid out (checked on every mutation and
 * frame): `__rowsAt` for rows of either kind — the prepaint's static copy (`#prepaint tr.pp-row`) or
 * the live antd table — and `__liveAt` for the live table's rows once the prepaint has handed over
 * (the page is interactive then).
 */
function rowsWatcher(min: number): string {
  return `(() => {
    const min = ${min};
    const live = '#root .ant-table-tbody tr.ant-table-row', any = live + ', #prepaint tr.pp-row';
    const shown = (sel) => { const rows = document.querySelectorAll(sel); return rows.length >= min && rows[0].getBoundingClientRect().height > 0; };
    function check() {
      if (!window.__rowsAt && shown(any)) window.__rowsAt = performance.now();
      if (!window.__liveAt && !document.documentElement.classList.contains('pp-on') && shown(live)) window.__liveAt = performance.now();
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    function frame() { check(); if (!window.__liveAt) requestAnimationFrame(frame); }
    requestAnimationFrame(frame);
  })();`;
}

async function measure(browser: Browser, url: string, opts: { storage?: Record<string, string>; minRows: number; loads: number; warm: boolean }) {
  const times: number[] = [];
  const liveTimes: number[] = [];
  let js = { files: 0, transfer: 0, decoded: 0, css: 0 };
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (opts.storage)
    await ctx.addInitScript((s: Record<string, string>) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, opts.storage);
  for (let i = 0; i < opts.loads + (opts.warm ? 1 : 0); i++) {
    // cold: a fresh context each load (empty cache); warm: reuse one context (HTTP cache filled by the first load)
    const c = opts.warm ? ctx : await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    if (!opts.warm && opts.storage)
      await c.addInitScript((s: Record<string, string>) => {
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      }, opts.storage);
    const page = await c.newPage();
    // A string, not a function: tsx (esbuild keepNames) wraps named inner functions in __name(), which
    // does not exist in the page, so a function script threw and never recorded the rows.
    await page.addInitScript({ content: rowsWatcher(opts.minRows) });
    await page.goto(url);
    await page.waitForFunction(() => (window as any).__liveAt !== undefined, undefined, { timeout: 60_000 });
    // every script the route loads, not only those before the first rows
    await page.waitForLoadState('networkidle');
    const m = await page.evaluate(() => {
      const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const res = all.filter((e) => e.name.endsWith('.js'));
      const css = all.filter((e) => e.name.endsWith('.css')).reduce((s, e) => s + e.transferSize, 0);
      return {
        rowsAt: (window as any).__rowsAt as number,
        liveAt: (window as any).__liveAt as number,
        files: res.length,
        transfer: res.reduce((s, e) => s + e.transferSize, 0),
        decoded: res.reduce((s, e) => s + e.decodedBodySize, 0),
        css,
      };
    });
    if (!(opts.warm && i === 0)) {
      times.push(m.rowsAt);
      liveTimes.push(m.liveAt);
    }
    if (i === (opts.warm ? 1 : 0) || !opts.warm)
      js = { files: m.files, transfer: Math.max(js.transfer, m.transfer), decoded: m.decoded, css: Math.max(js.css, m.css) };
    await page.close();
    if (!opts.warm) await c.close();
  }
  await ctx.close();
  return { ms: median(times), liveMs: median(liveTimes), js };
}

export async function measureRoute(
  base: string,
  route: string,
  opts: { storage?: Record<string, string>; minRows?: number; loads?: number },
): Promise<RouteFigures> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const loads = opts.loads ?? 10;
    const cold = await measure(browser, base + route, { storage: opts.storage, minRows: opts.minRows ?? 20, loads, warm: false });
    const warm = await measure(browser, base + route, { storage: opts.storage, minRows: opts.minRows ?? 20, loads, warm: true });
    return {
      route,
      coldMs: Math.round(cold.ms),
      warmMs: Math.round(warm.ms),
      coldLiveMs: Math.round(cold.liveMs),
      warmLiveMs: Math.round(warm.liveMs),
      jsFiles: cold.js.files,
      jsTransferKB: Math.round(cold.js.transfer / 1024),
      jsDecodedKB: Math.round(cold.js.decoded / 1024),
      cssTransferKB: Math.round(cold.js.css / 1024),
    };
  } finally {
    await browser.close();
  }
}
