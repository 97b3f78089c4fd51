/**
 * Interaction figures on a list page (ours and the hand-written ProTable page, same API and data):
 * for each interaction of issue 10 point 1, measured from the input event's timestamp —
 *  - `beforeReqMs`: main-thread time until its request is sent (the page is busy from the click
 *    until then, so the wall time is the main-thread time), for interactions that need a request;
 *  - `resultMs`: until the result is on screen (checked at the animation frame after the DOM changed,
 *    i.e. in the frame that paints it; a check on every DOM mutation cost the page itself up to ~40 ms a
 *    click in the profile — a forced layout each time — and one in every frame restyled a page that
 *    renders in slices ~every 16 ms: both slowed what they measured);
 *  - `apiMs`: the request's own time, sent to last byte (Resource Timing), so that `resultMs − apiMs`
 *    is what the page spent besides waiting for the API (issue 10: at most 50 ms); where the result
 *    shows the answers of several requests sent together (a detail's record and its timeline), from the
 *    first one sent to the last one's last byte: the page cannot show it before that;
 *  - `inpMs`: the longest Event Timing duration of the interaction's events (pointerdown … click).
 * Both pages are ProTable pages, so one set of selectors drives them.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export interface InteractionFigures {
  name: string;
  beforeReqMs: number | null;
  resultMs: number;
  /** the request's own time (Resource Timing: sent → answer's last byte), for interactions that need one */
  apiMs: number | null;
  inpMs: number;
}

/** Installed before the page's own scripts: request start times, input start times, Event Timing. */
export const INSTRUMENT = `(() => {
  const w = window;
  w.__req = [];
  w.__events = [];
  const of = w.fetch;
  w.fetch = function (input, init) { w.__req.push([String(input && input.url ? input.url : input), performance.now()]); return of.call(this, input, init); };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (m, u) { this.__url = String(u); return open.apply(this, arguments); };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () { w.__req.push([this.__url, performance.now()]); return send.apply(this, arguments); };
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, (e) => { if (w.__armed) { w.__start = e.timeStamp; w.__armed = false; } }, true);
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__events.push([e.name, e.startTime, e.duration]); })
      .observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
})();`;

/**
 * The `part` ('tbody' or 'thead') of the table shown: a kept page (keep-alive) holds a table of its own,
 * hidden, once another list has been visited (the menu steps; REPEAT in trace.ts and profile.ts).
 */
const shownPart = (part: 'tbody' | 'thead') =>
  `[...document.querySelectorAll('.ant-table-${part}')].find((b) => b.checkVisibility({ visibilityProperty: true }))`;

/** Text of the visible table's first rows: changes when other rows are shown. */
const ROWS_SIG = `(() => { const t = ${shownPart('tbody')};
  if (!t) return ''; const rows = t.querySelectorAll('tr.ant-table-row'); return rows.length + '|' + [...rows].slice(0, 3).map((r) => r.textContent).join('|'); })()`;

export interface Step {
  name: string;
  /** the request it must send (a substring of the URL); null when it needs none */
  request: RegExp | null;
  /** the requests whose answers its result shows, when more than `request` */
  answers?: RegExp;
  /** prepares the step (not measured) */
  setup?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
  /** what `act` clicks, for a step that is a click on one element (`rested` hovers it first) */
  target?: (page: Page) => Locator;
  /** page expression, given `sig0` (ROWS_SIG before the step): true once the result shows */
  done: string;
}

/** A column's checkbox in the column settings: ours (ColumnSettings.tsx) or ProTable's own (the hand-written page). */
const COLUMN_CHECKBOX = '.column-settings-item .ant-checkbox, .ant-pro-table-column-setting-overlay .ant-tree-treenode:not([aria-hidden]) .ant-tree-checkbox';

/** The visible table shows other rows than before the step, and no spinner. */
const visibleRowsChanged = `(${ROWS_SIG}) !== sig0 && !document.querySelector('.ant-table-wrapper:not([hidden]) .ant-spin-spinning')`;

/** Page 2, page 1, a status tab and "all", in that order (they leave the page as they found it). */
export function pagerAndTabSteps(): Step[] {
  return [
    click('page 2', /\/list\?.*current=2/, (p) => p.locator('.ant-pagination-item-2:visible'), visibleRowsChanged),
    click('page 1', /\/list\?/, (p) => p.locator('.ant-pagination-item-1:visible'), visibleRowsChanged),
    click('status tab', /\/list\?/, (p) => p.locator('.ant-pro-table-list-toolbar .ant-tabs-tab:visible').nth(1), visibleRowsChanged),
    click('all tab', /\/list\?/, (p) => p.locator('.ant-pro-table-list-toolbar .ant-tabs-tab:visible').nth(0), visibleRowsChanged),
  ];
}

/** The interactions, in order; they leave the page as they found it (page 1, all tab, no filters). */
export function listSteps(opts: { searchField: string; searchValue: string; secondList: string; secondListRows: string }): Step[] {
  return [
    ...pagerAndTabSteps(),
    {
      name: 'search',
      request: /\/list\?/,
      setup: (p) => p.locator(`.ant-pro-table-search input#${opts.searchField}:visible`).fill(opts.searchValue),
      act: (p) => p.locator('.ant-pro-table-search button.ant-btn-primary:visible').click(),
      done: visibleRowsChanged,
    },
    {
      name: 'reset',
      request: /\/list\?/,
      act: (p) => p.locator('.ant-pro-table-search button.ant-btn-default:visible').first().click(),
      done: visibleRowsChanged,
    },
    {
      name: 'page size 50',
      request: /\/list\?.*pageSize=50/,
      setup: async (p) => {
        await p.locator('.ant-pagination-options .ant-select-selector:visible').click();
        await p.locator('.ant-select-item-option[title*="50"]').waitFor();
      },
      act: (p) => p.locator('.ant-select-item-option[title*="50"]').click(),
      // the window shows the 50-row page: rows past the 20 drawn down to the window's bottom edge (rows
      // below it may follow in the next frames: src/renderer/list/rows-in-view.ts); with all 50 drawn,
      // the page's end is on screen
      done: `(() => { const rows = ${shownPart('tbody')}?.querySelectorAll('tr.ant-table-row') ?? [];
        return rows.length >= 50 || (rows.length > 20 && rows[rows.length - 1].getBoundingClientRect().top >= innerHeight); })()`,
    },
    {
      name: 'page size 20',
      request: /\/list\?/,
      setup: async (p) => {
        await p.locator('.ant-pagination-options .ant-select-selector:visible').click();
        await p.locator('.ant-select-item-option[title*="20"]').waitFor();
      },
      act: (p) => p.locator('.ant-select-item-option[title*="20"]').click(),
      done: `${shownPart('tbody')}?.querySelectorAll('tr.ant-table-row').length === 20`,
    },
    {
      name: 'column hide',
      request: null,
      setup: async (p) => {
        await p.locator('.ant-pro-table-list-toolbar-setting-item .anticon-setting:visible').click();
        await p.locator(COLUMN_CHECKBOX).nth(1).waitFor();
      },
      act: (p) => p.locator(COLUMN_CHECKBOX).nth(1).click(),
      done: `${shownPart('thead')}?.querySelectorAll('th').length < Number(sessionStorage.__th)`,
    },
    {
      name: 'column show',
      request: null,
      act: (p) => p.locator(COLUMN_CHECKBOX).nth(1).click(),
      done: `${shownPart('thead')}?.querySelectorAll('th').length > Number(sessionStorage.__th)`,
    },
    {
      name: 'open detail',
      request: /\/getById\?/,
      // the record and its timeline (order/logs), asked for together
      answers: /\/(getById|logs)\?/,
      setup: async (p) => {
        await p.keyboard.press('Escape');
        await p.mouse.click(5, 500);
      },
      act: (p) => p.locator('.ant-table-tbody tr.ant-table-row:visible').first().locator('td').last().locator('a').first().click(),
      done: `!!document.querySelector('.ant-drawer-open .ant-descriptions-item-content') && !document.querySelector('.ant-drawer-open .ant-skeleton, .ant-drawer-open .ant-spin-spinning')`,
    },
    {
      name: 'close detail',
      request: null,
      act: (p) => p.locator('.ant-drawer-open .ant-drawer-close').click(),
      done: `!document.querySelector('.ant-drawer-open')`,
    },
    menuStep('menu: other list', opts.secondList, opts.secondListRows),
    {
      name: 'menu: back',
      request: null,
      act: (p) => p.locator('.ant-menu-item a[href^="/order"]').first().click(),
      done: `location.pathname === '/order' && (${ROWS_SIG}) !== sig0`,
    },
  ];
}

/** A step that is a click on `target`. */
function click(name: string, request: RegExp | null, target: (p: Page) => Locator, done: string): Step {
  return { name, request, target, act: (p) => target(p).click(), done };
}

/**
 * A menu click to the list at `path` not visited yet, done once its rows (`rows`, a selector) show,
 * pressed as the pointer arrives: the pointer starts off the menu, and waits out what a rest may have
 * asked for (a step before may leave it over an item, e.g. where the detail drawer's close button was,
 * and resting there asks for that list, kept 2 s: src/engine/rest.ts, PRESS_TTL_MS).
 */
export function menuStep(name: string, path: string, rows: string): Step {
  return {
    ...click(
      name,
      /\/list\?/,
      (p) => p.locator(`.ant-menu-item a[href^="${path}"]`).first(),
      // the other list's rows on screen (its table empty while they load is no result)
      `location.pathname === '${path}' && document.querySelectorAll('${rows}').length > 0 && (${ROWS_SIG}) !== sig0 && !(${ROWS_SIG}).startsWith('0|')`,
    ),
    setup: async (p) => {
      await p.mouse.move(5, 500);
      await p.waitForTimeout(2_100);
    },
  };
}

/**
 * `step` (a click on its `target`) with the pointer first resting `ms` on the target, as a person's does
 * before pressing. What the page asks for while it rests is not the step's request (it went before the
 * press), so the step has none, and its figure is the press to the result.
 */
export function rested(step: Step, ms: number): Step {
  const target = step.target;
  if (!target) throw new Error(`${step.name}: no target to rest on`);
  return {
    ...step,
    request: null,
    setup: async (p) => {
      await target(p).hover();
      await p.waitForTimeout(ms - 300); // armStep waits 300 ms more
    },
  };
}

/** Prepares a step and arms the page's clocks: the next pointerdown/keydown starts it. */
export async function armStep(page: Page, step: Step): Promise<void> {
  if (step.setup) await step.setup(page);
  await page.waitForTimeout(300);
  await page.evaluate(`(() => {
    sessionStorage.__th = ${shownPart('thead')}?.querySelectorAll('th').length;
    window.__sig0 = ${ROWS_SIG}; window.__armed = true; window.__start = undefined; window.__doneAt = undefined; window.__req = []; window.__events = [];
    const sig0 = window.__sig0;
    // checked in the frame after the DOM or the URL changed, not in every frame: the check reads the
    // rows' visibility, which restyles the page, and a page rendering in slices (a React transition)
    // paints frames meanwhile — the probe restyled it ~every 16 ms, which cost the page it measured
    let dirty = true;
    const mo = new MutationObserver(() => (dirty = true));
    mo.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    let path = location.href;
    const check = () => {
      if (location.href !== path) { path = location.href; dirty = true; }
      if (!dirty || window.__start === undefined) return;
      dirty = false;
      if (window.__doneAt === undefined && (${step.done})) { window.__doneAt = performance.now(); mo.disconnect(); }
    };
    const frame = () => { check(); if (window.__doneAt === undefined) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  })()`);
}

/** Waits for an armed step's result; its figures. */
export async function stepFigures(page: Page, step: Step): Promise<InteractionFigures & { startMs: number; doneAtMs: number }> {
  // The page notes the result's time itself (armStep's check, in the frame that paints it): this only
  // waits for that note. Polled every 100 ms, not in every frame (Playwright's default): its in-page
  // evaluation in each frame was ~4-6 ms of the page's own main thread in a page-2 click's CPU profile.
  await page.waitForFunction(() => (window as any).__doneAt !== undefined, undefined, { timeout: 30_000, polling: 100 });
  await page.waitForTimeout(400); // Event Timing entries arrive after the next paint
  const r = (await page.evaluate(`({ start: window.__start, doneAt: window.__doneAt, req: window.__req, events: window.__events,
    res: performance.getEntriesByType('resource').filter((e) => e.startTime >= window.__start - 1).map((e) => [e.name, e.startTime, e.responseEnd]) })`)) as {
    start: number;
    doneAt: number;
    req: [string, number][];
    events: [string, number, number][];
    res: [string, number, number][];
  };
  const req = step.request ? r.req.find(([u]) => step.request!.test(u)) : undefined;
  if (step.request && !req) throw new Error(`${step.name}: no request matching ${step.request} (sent: ${r.req.map(([u]) => u).join(', ')})`);
  const inp = Math.max(0, ...r.events.filter(([, s]) => s >= r.start - 1).map(([, , d]) => d));
  return {
    name: step.name,
    beforeReqMs: req ? Math.round(req[1] - r.start) : null,
    resultMs: Math.round(r.doneAt - r.start),
    apiMs: step.request ? apiTime(r.res, step.answers ?? step.request, !!step.answers) : null,
    inpMs: Math.round(inp),
    startMs: r.start,
    doneAtMs: r.doneAt,
  };
}

/** From the first matching request sent to the last one's last byte (the first match only, without `answers`). */
function apiTime(res: [string, number, number][], pattern: RegExp, all: boolean): number {
  const hits = all ? res.filter(([u]) => pattern.test(u)) : res.filter(([u]) => pattern.test(u)).slice(0, 1);
  if (!hits.length) return NaN;
  return Math.round(Math.max(...hits.map(([, , end]) => end)) - Math.min(...hits.map(([, start]) => start)));
}

async function runStep(page: Page, step: Step): Promise<InteractionFigures> {
  await armStep(page, step);
  await step.act(page);
  const { name, beforeReqMs, resultMs, apiMs, inpMs } = await stepFigures(page, step);
  return { name, beforeReqMs, resultMs, apiMs, inpMs };
}

/** Runs every step once on a page already showing the list; returns the figures in order. */
export async function runInteractions(page: Page, steps: Step[]): Promise<InteractionFigures[]> {
  const out: InteractionFigures[] = [];
  for (const s of steps) out.push(await runStep(page, s));
  return out;
}

/** How long a page showing its list is left before the first interaction (`SETTLE_MS` overrides). */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 1500);

/**
 * A fresh context (1440×900, zh-CN) with `storage` in localStorage and the instrument (plus `scripts`)
 * installed before the page's own, showing `base`/order's 20 rows, settled.
 */
export async function openOrderList(
  browser: Browser,
  base: string,
  storage: Record<string, string>,
  scripts: string[] = [],
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await ctx.addInitScript((s: Record<string, string>) => {
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, storage);
  const page = await ctx.newPage();
  for (const content of [INSTRUMENT, ...scripts]) await page.addInitScript({ content });
  await page.goto(base + '/order');
  await page.locator('#root .ant-table-tbody tr.ant-table-row').nth(19).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  return { ctx, page };
}

/** One run of the /order interactions at `base` (its own browser context, closed after): the figures of every step. */
export async function orderListRun(browser: Browser, base: string, storage: Record<string, string>): Promise<InteractionFigures[]> {
  const { ctx, page } = await openOrderList(browser, base, storage);
  try {
    return await runInteractions(
      page,
      listSteps({ searchField: 'customerName', searchValue: '田超', secondList: '/staff', secondListRows: '.ant-table-tbody tr.ant-table-row' }),
    );
  } finally {
    await ctx.close();
  }
}
