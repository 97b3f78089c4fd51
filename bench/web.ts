/**
 * Browser benchmark (issue 10 point 2): time from navigation to an *interactive* list — the live
 * table's rows laid out (20, or every row of a shorter list) and a text input of its search form that
 * takes typing into React's state — for our five lists and the naive ProLayout + ProTable page, cold
 * (fresh context: empty HTTP cache) and warm (one context, cache filled), loads interleaved so every
 * target sees the same machine load, and the JS bytes each route ships. `npx tsx bench/web.ts` runs it
 * alone (server + baseline, or running ones: OURS=<url> NAIVE=<url>); `npm run bench -- web` runs it with the other web figures.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import appJson from '../schemas/app.json';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { adminToken, median } from './lib';

export interface LoadTarget {
  /** label in the table, e.g. "ours /order" */
  name: string;
  url: string;
  /** localStorage entries set before the page's scripts run (a session token) */
  storage?: Record<string, string>;
  /** live rows that must be laid out: 20, or fewer for a list with fewer rows */
  minRows: number;
}

export interface LoadFigures {
  name: string;
  /** ms from navigation start, one per load */
  cold: number[];
  warm: number[];
  /** live rows laid out (before the typing check), medians */
  rowsCold: number;
  rowsWarm: number;
  jsFiles: number;
  jsTransferKB: number;
  jsDecodedKB: number;
  cssTransferKB: number;
}

/**
 * Page script. On every frame and DOM change: once `min` live rows (`#root .ant-table-tbody
 * tr.ant-table-row`, nothing over them) are laid out, records `__rowsAt`; then it types into the
 * search form's first text input the way a browser does (native value setter + an `input` event, what
 * React listens to) and records `__interactiveAt` when, a frame later, the value is still there and the
 * input is React's (a value React does not take is put back by React; a static copy's input has no
 * React props). It then clears the input the same way.
 */
function watcher(min: number): string {
  return `(() => {
    const min = ${min};
    const ROWS = '#root .ant-table-tbody tr.ant-table-row';
    const INPUT = '#root form input.ant-input[type="text"]:not([readonly]):not([disabled])';
    const reactOwned = (el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const type = (el, v) => { setter.call(el, v); el.dispatchEvent(new Event('input', { bubbles: true })); };
    const covered = (row) => { const r = row.getBoundingClientRect(); if (!r.height) return true; const top = document.elementFromPoint(r.left + Math.min(40, r.width / 2), r.top + r.height / 2); return !top || !row.contains(top); };
    let pending = null;
    function check() {
      if (window.__interactiveAt) return;
      if (!window.__rowsAt) {
        const rows = document.querySelectorAll(ROWS);
        if (rows.length < min || covered(rows[0]) || covered(rows[min - 1]) && rows[min - 1].getBoundingClientRect().top < innerHeight) return;
        window.__rowsAt = performance.now();
      }
      if (pending) return;
      const el = document.querySelector(INPUT);
      if (!el || !reactOwned(el) || el.getBoundingClientRect().height === 0) return;
      const at = performance.now();
      type(el, 'b1');
      pending = el;
      requestAnimationFrame(() => setTimeout(() => {
        if (el.isConnected && el.value === 'b1') { window.__interactiveAt = at; type(el, ''); }
        pending = null;
      }, 0));
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    function frame() { check(); if (!window.__interactiveAt) requestAnimationFrame(frame); }
    requestAnimationFrame(frame);
  })();`;
}

async function newContext(browser: Browser, storage?: Record<string, string>): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (storage)
    await ctx.addInitScript((s: Record<string, string>) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
  return ctx;
}

interface OneLoad {
  rowsAt: number;
  interactiveAt: number;
  files: number;
  transfer: number;
  decoded: number;
  css: number;
}

/** One navigation in `ctx`: the two times, then a real key press into the input checks the figure's meaning. */
async function loadOnce(ctx: BrowserContext, t: LoadTarget, verify: boolean): Promise<OneLoad> {
  const page = await ctx.newPage();
  try {
    // A string, not a function: tsx (esbuild keepNames) wraps named inner functions in __name(), which
    // does not exist in the page.
    await page.addInitScript({ content: watcher(t.minRows) });
    await page.goto(t.url);
    await page.waitForFunction(() => (window as any).__interactiveAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
    if (verify) {
      // the figure means what it says: a real key press lands in React's state (the value stays)
      const input = page.locator('#root form input.ant-input[type="text"]:not([readonly]):not([disabled])').first();
      await input.pressSequentially('k9');
      await page.waitForTimeout(50);
      const v = await input.inputValue();
      if (v !== 'k9') throw new Error(`${t.name}: typed "k9" into the search input, it holds "${v}"`);
      await input.fill('');
    }
    // every script the route loads, not only those before it became interactive
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const js = all.filter((e) => e.name.endsWith('.js'));
      return {
        rowsAt: (window as any).__rowsAt as number,
        interactiveAt: (window as any).__interactiveAt as number,
        files: js.length,
        transfer: js.reduce((s, e) => s + e.transferSize, 0),
        decoded: js.reduce((s, e) => s + e.decodedBodySize, 0),
        css: all.filter((e) => e.name.endsWith('.css')).reduce((s, e) => s + e.transferSize, 0),
      };
    });
  } finally {
    await page.close();
  }
}

/**
 * Every target `loads` times cold and `loads` times warm (after one load that fills the cache),
 * interleaved: round i loads each target once, so a busy moment of the machine hits all alike.
 */
export async function measureLoads(targets: LoadTarget[], loads = 7): Promise<LoadFigures[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const res = targets.map((t) => ({ t, cold: [] as OneLoad[], warm: [] as OneLoad[], warmCtx: undefined as BrowserContext | undefined }));
    for (const r of res) {
      r.warmCtx = await newContext(browser, r.t.storage);
      await loadOnce(r.warmCtx, r.t, true); // fills the cache, checks typing once
    }
    for (let i = 0; i < loads; i++)
      for (const r of res) {
        const ctx = await newContext(browser, r.t.storage);
        r.cold.push(await loadOnce(ctx, r.t, false));
        await ctx.close();
        r.warm.push(await loadOnce(r.warmCtx!, r.t, false));
      }
    for (const r of res) await r.warmCtx?.close();
    return res.map(({ t, cold, warm }) => ({
      name: t.name,
      cold: cold.map((l) => Math.round(l.interactiveAt)),
      warm: warm.map((l) => Math.round(l.interactiveAt)),
      rowsCold: Math.round(median(cold.map((l) => l.rowsAt))),
      rowsWarm: Math.round(median(warm.map((l) => l.rowsAt))),
      jsFiles: cold[0].files,
      jsTransferKB: Math.round(Math.max(...cold.map((l) => l.transfer)) / 1024),
      jsDecodedKB: Math.round(cold[0].decoded / 1024),
      cssTransferKB: Math.round(Math.max(...cold.map((l) => l.css)) / 1024),
    }));
  } finally {
    await browser.close();
  }
}

/** Our five lists against the naive page: the figures and the printed table with ratios. */
/** `extra`: further pages measured in the same interleaved run (the hand-written /order), after ours. */
export async function listLoads(ours: string, naive: string, token: string, loads = 7, extra: LoadTarget[] = []): Promise<LoadFigures[]> {
  const storage = { Authorization: token };
  const rowsOf = async (resource: string) => {
    const schema = JSON.parse(readFileSync(`schemas/${resource}.json`, 'utf8')) as { api: Record<string, { path: string }>; list: { api: string } };
    const r = await fetch(`${ours}/api${schema.api[schema.list.api].path}?current=1&pageSize=20`, { headers: { [appJson.request.tokenHeader]: token } });
    const body = (await r.json()) as { data?: { list?: unknown[] } };
    return Math.min(20, body.data?.list?.length ?? 0) || 1;
  };
  const targets: LoadTarget[] = [{ name: 'naive /orders', url: `${naive}/orders`, minRows: 20 }];
  for (const [route, resource] of [
    ['/order', 'order'],
    ['/staff', 'staff'],
    ['/store', 'store'],
    ['/merchant', 'merchant'],
    ['/product', 'product'],
  ])
    targets.push({ name: `ours ${route}`, url: ours + route, storage, minRows: await rowsOf(resource) });
  targets.push(...extra);
  const figs = await measureLoads(targets, loads);
  printLoads(figs);
  const hand = figs.find((f) => f.name === 'hand /order');
  const order = figs.find((f) => f.name === 'ours /order');
  if (hand && order)
    console.log(
      `ours /order / hand-written /order (target ≤ 1.15): cold ${(median(order.cold) / median(hand.cold)).toFixed(2)}, warm ${(median(order.warm) / median(hand.warm)).toFixed(2)}`,
    );
  return figs;
}

export function printLoads(figs: LoadFigures[]): void {
  const naive = figs[0];
  const range = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  const ratio = (n: number[], o: number[]) => (median(o) / median(n)).toFixed(2);
  console.log(`navigation → interactive (live rows laid out + search input takes typing), ms; ${naive.cold.length} loads each, interleaved`);
  console.log('target            cold median (range)   warm median (range)   rows cold/warm   vs naive cold / warm (ours/naive)   JS KB br / decoded');
  for (const f of figs) {
    const vs = f === naive ? '—' : `${ratio(naive.cold, f.cold)} / ${ratio(naive.warm, f.warm)}`;
    console.log(
      `${f.name.padEnd(16)} ${`${median(f.cold)} (${range(f.cold)})`.padStart(20)} ${`${median(f.warm)} (${range(f.warm)})`.padStart(21)} ${`${f.rowsCold}/${f.rowsWarm}`.padStart(16)} ${vs.padStart(35)}   ${f.jsTransferKB} / ${f.jsDecodedKB} (+${f.cssTransferKB} CSS)`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // OURS / NAIVE: servers already running (a fresh server seeds its database first, minutes on a busy machine)
  const { startServer } = await import('../e2e/lib/server');
  const { serveBaseline } = await import('./baseline');
  const server = process.env.OURS ? { base: process.env.OURS, stop: async () => {} } : await startServer();
  const baseline = process.env.NAIVE ? { base: process.env.NAIVE, stop: () => {} } : await serveBaseline();
  try {
    await listLoads(server.base, baseline.base, await adminToken(server.base), Number(process.env.LOADS ?? 7));
  } finally {
    baseline.stop();
    await server.stop();
  }
}
