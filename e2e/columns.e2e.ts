/**
 * Column geometry of every list screen (issue 10 point 5), in both locales: no two cells draw over
 * each other and no cell's content spills out of its box, headers break only between words, at 1440
 * and 1920 px every column shows without sideways scrolling and the toolbar stays on one line; at
 * 1280 px the table may scroll, fixed columns kept; at 390 px the key columns (the first column and the
 * status column) show without scrolling and the rest stay reachable, the page does not scroll sideways
 * and the toolbar wraps inside its card. The screens come from the schemas.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { closeBrowser, pageAs, shot } from './lib/browser';
import { msg } from './lib/expect';

after(closeBrowser);
const LOCALES = ['zh-CN', 'en-US'] as const;

/**
 * One signed-in page per locale for every screen: each check loads its list afresh (page.goto), so no
 * screen sees another's state, but the scripts come from the browser's cache. A fresh context per check
 * compiled the whole app again (~2.5 s of a loaded 2-core machine's CPU each, 32 times in this file).
 */
const pages = new Map<string, Promise<Page>>();
function pageIn(locale: (typeof LOCALES)[number]): Promise<Page> {
  let p = pages.get(locale);
  if (!p) {
    p = pageAs('admin', { locale }).then((r) => r.page);
    pages.set(locale, p);
  }
  return p;
}

interface ListSchema {
  name: string;
  route?: { path?: string; roles?: string[] };
  fields: Record<string, { type: string; title: string; multiple?: boolean }>;
  list?: { columns?: (string | { field: string; title?: string })[]; tabs?: { field: string } };
}

/** Every schema with a routed list the admin may open. */
const screens = readdirSync('schemas')
  .filter((f) => f.endsWith('.json') && f !== 'app.json')
  .map((f) => JSON.parse(readFileSync(`schemas/${f}`, 'utf8')) as ListSchema)
  .filter((s) => s.list?.columns?.length && s.route?.path && (!s.route.roles?.length || s.route.roles.includes('admin')));

/**
 * The key columns, as the console derives them: the first column (what names the row) and the status
 * column (the tabs' field, else the last single-valued enum or boolean column), by their titles.
 */
function keyTitles(s: ListSchema, locale: (typeof LOCALES)[number]): string[] {
  const columns = s.list!.columns!.map((c) => (typeof c === 'string' ? { field: c } : c));
  const tabField = s.list!.tabs?.field;
  const statusLike = (n: string) => ['enum', 'boolean'].includes(s.fields[n]?.type ?? '') && !s.fields[n]?.multiple;
  const status = columns.find((c) => c.field === tabField) ?? [...columns].reverse().find((c) => statusLike(c.field));
  return [...new Set([columns[0], status])].filter((c) => !!c).map((c) => msg(locale, c.title ?? s.fields[c.field].title));
}

const SHOTS = new Set(['/order', '/merchantAuth', '/store', '/logisticsOrder']);

interface Geometry {
  problems: string[];
  scrolls: boolean;
  /** each data column's header: its title and whether it shows whole, not under a fixed column */
  visible: { title: string; fullyVisible: boolean }[];
  freeWidth: number;
}

/** Opens a list at a width, waits for the live table (rows or its empty state) and settled requests. */
async function openList(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await page.locator('.ant-pro-table .ant-table-tbody > tr:not(.ant-table-measure-row)').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-pro-table .ant-spin-spinning').waitFor({ state: 'detached', timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Resizes an open list to another width and waits for its layout to settle (a user widening the window). */
async function resizeList(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Measures the table in the page; returns what is wrong in words a reader can act on. */
async function measure(page: Page, wide: boolean): Promise<Geometry> {
  // tsx names the arrow functions below with a `__name` helper that the page does not have
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((wide) => {
    const problems: string[] = [];
    const root = document.querySelector<HTMLElement>('.ant-pro-table')!;
    const scroller = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
    const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
    const box = scroller.getBoundingClientRect();
    const fixed = (el: Element) => /ant-table-cell-fix-(left|right)/.test(el.className);
    const text = (el: Element) =>
      (el.textContent ?? '').trim().slice(0, 30) || el.className.split(' ').find((c) => c.startsWith('ant-table-selection')) || '(empty)';
    const rows = [root.querySelector('.ant-table-thead > tr')!, ...root.querySelectorAll('.ant-table-tbody > tr.ant-table-row')];
    const headers = [...rows[0].children].filter((c) => !c.classList.contains('ant-table-cell-scrollbar'));
    const header = (i: number) => text(headers[i] ?? rows[0]);
    rows.forEach((row, r) => {
      const cells = [...row.children].filter((c) => !c.classList.contains('ant-table-cell-scrollbar')) as HTMLElement[];
      const where = r === 0 ? 'header' : `row ${r}`;
      cells.forEach((cell, i) => {
        // content outside its cell draws over the next one (or is cut off by the cell); what an
        // element inside the cell cuts on purpose (an ellipsis) does not count
        const a = cell.getBoundingClientRect();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const isText = node.nodeType === Node.TEXT_NODE;
          if (!isText && !(node as Element).matches('img, svg, .ant-tag, button, input')) continue;
          let boxes: DOMRect[];
          if (isText) {
            const range = document.createRange();
            range.selectNodeContents(node);
            boxes = [...range.getClientRects()].filter((r) => r.width > 0);
          } else boxes = [(node as Element).getBoundingClientRect()].filter((r) => r.width > 0);
          let left = -Infinity;
          let right = Infinity;
          for (let el = node.parentElement; el && el !== cell; el = el.parentElement) {
            if (getComputedStyle(el).overflowX !== 'visible') {
              const c = el.getBoundingClientRect();
              left = Math.max(left, c.left);
              right = Math.min(right, c.right);
            }
          }
          const out = boxes.map((b) => Math.max(a.left - Math.max(b.left, left), Math.min(b.right, right) - a.right)).reduce((x, y) => Math.max(x, y), 0);
          if (out > 1) {
            problems.push(
              `${where}, column "${header(i)}": "${(node.textContent ?? '').trim().slice(0, 20)}" sticks out of its ${Math.round(a.width)} px cell by ${Math.round(out)} px`,
            );
            break;
          }
        }
        for (let j = i + 1; j < cells.length; j++) {
          const b = cells[j].getBoundingClientRect();
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          if (overlap <= 1) continue;
          // a fixed column over a scrolled one is how a table that scrolls sideways works; nothing else is
          if (!wide && scrolls && fixed(cell) !== fixed(cells[j])) continue;
          problems.push(`${where}: "${header(i)}" and "${header(j)}" overlap by ${Math.round(overlap)} px`);
        }
      });
    });
    // headers break only between words: each word's glyphs on one line box
    for (const th of headers) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (const m of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`header "${text(th)}": the word "${m[0]}" breaks over ${tops.size} lines`);
        }
      }
    }
    if (wide) {
      if (scrolls) problems.push(`the table scrolls sideways: ${scroller.scrollWidth} px of content in ${scroller.clientWidth} px`);
      // nothing scrolls, so nothing is fixed and no row measures the columns (it redrew every row)
      else if (root.querySelector('.ant-table-measure-row, .ant-table-cell-fix-left, .ant-table-cell-fix-right'))
        problems.push('the columns fit, yet the table keeps fixed columns or a measuring row');
      const items = [
        ...root.querySelectorAll<HTMLElement>(
          '.ant-pro-table-list-toolbar-container .ant-tabs-tab, .ant-pro-table-list-toolbar-container button, .ant-pro-table-list-toolbar-container .ant-switch, .ant-pro-table-list-toolbar-setting-item',
        ),
      ]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.height > 0);
      const centers = items.map((r) => r.top + r.height / 2);
      if (centers.length && Math.max(...centers) - Math.min(...centers) > 12)
        problems.push(`the toolbar wraps: items' centres span ${Math.round(Math.max(...centers) - Math.min(...centers))} px`);
    }
    // the data columns (without the selection and operation columns), for the key-column check
    const dataHeaders = headers.filter((h) => !h.classList.contains('ant-table-selection-column') && !h.classList.contains('ant-table-cell-fix-right'));
    const fixedBoxes = headers.filter(fixed).map((h) => h.getBoundingClientRect());
    const visible = dataHeaders.map((h) => {
      const r = h.getBoundingClientRect();
      const inside = r.left >= box.left - 1 && r.right <= box.right + 1;
      const covered = !fixed(h) && fixedBoxes.some((f) => Math.min(f.right, r.right) - Math.max(f.left, r.left) > 1);
      return { title: (h.textContent ?? '').trim(), fullyVisible: inside && !covered };
    });
    const fixedWidth = fixedBoxes.reduce((a, f) => a + f.width, 0);
    return { problems, scrolls, visible, freeWidth: box.width - fixedWidth };
  }, wide);
}

/**
 * At a phone's width: the page does not scroll sideways, and the list toolbar's buttons, switches and
 * icons sit inside the table's card (they wrap onto more lines), each label on one line (a switch's
 * label broke one character a line).
 */
async function phoneToolbar(page: Page, width: number): Promise<string[]> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((width) => {
    const problems: string[] = [];
    const pageWidth = document.scrollingElement!.scrollWidth;
    if (pageWidth > width) problems.push(`the page scrolls sideways: ${pageWidth} px wide on a ${width} px screen`);
    const toolbar = document.querySelector<HTMLElement>('.ant-pro-table-list-toolbar');
    const body = toolbar?.closest<HTMLElement>('.ant-pro-card-body');
    if (!toolbar || !body) return [...problems, 'no list toolbar in a card'];
    const style = getComputedStyle(body);
    const b = body.getBoundingClientRect();
    const left = b.left + parseFloat(style.paddingLeft) - 1;
    const right = b.right - parseFloat(style.paddingRight) + 1;
    const name = (e: Element) => (e.textContent ?? '').trim() || e.querySelector('[aria-label]')?.getAttribute('aria-label') || e.className.toString();
    // each button or switch of the toolbar (ProTable's unnamed row of them) and each icon
    for (const e of toolbar.querySelectorAll('.ant-pro-table-list-toolbar-right > div:not([class]) > *, .ant-pro-table-list-toolbar-setting-item')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && (r.left < left || r.right > right))
        problems.push(
          `toolbar item "${name(e)}" (${Math.round(r.left)}–${Math.round(r.right)} px) is outside the card (${Math.round(left)}–${Math.round(right)} px)`,
        );
    }
    const walker = document.createTreeWalker(toolbar.querySelector('.ant-pro-table-list-toolbar-right') ?? toolbar, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node.textContent ?? '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`toolbar label "${(node.textContent ?? '').trim()}" breaks over ${tops.size} lines`);
    }
    return problems;
  }, width);
}

// The two locales at once, each in its own tab with its screens one after another: a check spends
// much of its time waiting (network idle, a resize's frames), so the two overlap.
describe('list geometry', { concurrency: LOCALES.length }, () => {
  for (const locale of LOCALES) {
    describe(`list geometry, ${locale}`, { concurrency: 1 }, () => {
      for (const s of screens) {
        const path = s.route!.path!;
        test(`${path}: no overlap, whole-word headers, every status tab; all columns and a one-line toolbar at 1440 and 1920 px`, async () => {
          const page = await pageIn(locale);
          const failures: string[] = [];
          for (const width of [1280, 1440, 1920]) {
            // one load, then the window widened: the same layout code runs on resize as on load
            if (width === 1280) await openList(page, path, width);
            else await resizeList(page, width);
            const g = await measure(page, width >= 1440);
            // every status tab shows: none hidden behind antd's "…" (they take a line of their own when they must)
            const hiddenTabs = await page.locator('.ant-pro-table-list-toolbar .ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)').count();
            if (hiddenTabs) g.problems.push('status tabs are hidden behind "…"');
            if (width === 1440 && SHOTS.has(path)) await shot(page, `columns-${path.slice(1)}-${locale}-1440`);
            failures.push(...g.problems.map((p) => `${width} px: ${p}`));
          }
          assert.deepEqual(failures, [], `${path} (${locale})`);
        });

        test(`${path}: at 390 px the key columns show, the rest is reachable, the toolbar wraps inside its card`, async () => {
          const page = await pageIn(locale);
          await openList(page, path, 390);
          const g = await measure(page, false);
          if (SHOTS.has(path)) await shot(page, `columns-${path.slice(1)}-${locale}-390`);
          const failures = [...g.problems, ...(await phoneToolbar(page, 390))];
          for (const title of keyTitles(s, locale)) {
            const col = g.visible.find((c) => c.title === title);
            if (!col?.fullyVisible) failures.push(`key column "${title}" is ${col ? 'not fully visible without scrolling' : 'missing'}`);
          }
          // the columns that scroll need room beside the fixed ones
          if (g.freeWidth < 120) failures.push(`fixed columns leave ${Math.round(g.freeWidth)} px for the others`);
          assert.deepEqual(failures, [], `${path} (${locale}) at 390 px`);
        });
      }
    });
  }
});
