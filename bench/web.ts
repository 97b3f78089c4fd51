/**
 * Browser benchmark: time from navigation to the first 20 table rows visible, and the JS bytes a
 * route ships, for our console and for the naive ProLayout + ProTable baseline, in one run.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { median } from './lib';

export interface RouteFigures {
  route: string;
  coldMs: number;
  warmMs: number;
  jsFiles: number;
  jsTransferKB: number;
  jsDecodedKB: number;
}

/** Page script: records performance.now() when `min` rows matching `sel` are laid out (checked on every mutation and frame). */
function rowsWatcher(sel: string, min: number): string {
  return `(() => {
    const sel = ${JSON.stringify(sel)}, min = ${min};
    function check() {
      const rows = document.querySelectorAll(sel);
      if (rows.length >= min && !window.__rowsAt && rows[0].getBoundingClientRect().height > 0) window.__rowsAt = performance.now();
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    function frame() { check(); if (!window.__rowsAt) requestAnimationFrame(frame); }
    requestAnimationFrame(frame);
  })();`;
}

async function measure(browser: Browser, url: string, opts: { storage?: Record<string, string>; rowsSelector?: string; minRows: number; loads: number; warm: boolean }) {
  const times: number[] = [];
  let js = { files: 0, transfer: 0, decoded: 0 };
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (opts.storage) await ctx.addInitScript((s: Record<string, string>) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, opts.storage);
  const sel = opts.rowsSelector ?? '.ant-table-tbody tr.ant-table-row';
  for (let i = 0; i < opts.loads + (opts.warm ? 1 : 0); i++) {
    // cold: a fresh context each load (empty cache); warm: reuse one context (HTTP cache filled by the first load)
    const c = opts.warm ? ctx : await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    if (!opts.warm && opts.storage) await c.addInitScript((s: Record<string, string>) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, opts.storage);
    const page = await c.newPage();
    // A string, not a function: tsx (esbuild keepNames) wraps named inner functions in __name(), which
    // does not exist in the page, so a function script threw and never recorded the rows.
    await page.addInitScript({ content: rowsWatcher(sel, opts.minRows) });
    await page.goto(url);
    await page.locator(sel).nth(opts.minRows - 1).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => (window as any).__rowsAt !== undefined, undefined, { timeout: 10_000 });
    const m = await page.evaluate(() => {
      const res = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')) as PerformanceResourceTiming[];
      return { rowsAt: (window as any).__rowsAt as number, files: res.length, transfer: res.reduce((s, e) => s + e.transferSize, 0), decoded: res.reduce((s, e) => s + e.decodedBodySize, 0) };
    });
    if (!(opts.warm && i === 0)) times.push(m.rowsAt);
    if (i === (opts.warm ? 1 : 0) || !opts.warm) js = { files: m.files, transfer: Math.max(js.transfer, m.transfer), decoded: m.decoded };
    await page.close();
    if (!opts.warm) await c.close();
  }
  await ctx.close();
  return { ms: median(times), js };
}

export async function measureRoute(base: string, route: string, opts: { storage?: Record<string, string>; minRows?: number; loads?: number }): Promise<RouteFigures> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const loads = opts.loads ?? 10;
    const cold = await measure(browser, base + route, { storage: opts.storage, minRows: opts.minRows ?? 20, loads, warm: false });
    const warm = await measure(browser, base + route, { storage: opts.storage, minRows: opts.minRows ?? 20, loads, warm: true });
    return {
      route,
      coldMs: Math.round(cold.ms),
      warmMs: Math.round(warm.ms),
      jsFiles: cold.js.files,
      jsTransferKB: Math.round(cold.js.transfer / 1024),
      jsDecodedKB: Math.round(cold.js.decoded / 1024),
    };
  } finally {
    await browser.close();
  }
}
