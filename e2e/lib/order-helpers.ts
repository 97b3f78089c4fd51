/**
 * Helpers for the order screen's browser tests (e2e/order.e2e.ts): API reads that keep 64-bit ids
 * exact (json-bigint, as the console does), order set-up through the API, the list's tabs, rows and
 * columns, row actions (inline or under 更多), dialogs and messages, money as the console shows it,
 * a tiny PNG for uploads and an XLSX reader for exports.
 */
import assert from 'node:assert/strict';
import { makePng } from './png';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { callApi, type Locale } from './api';
import { msg, until } from './expect';
import { shot, STILL } from './browser';

export type { Locale };
export type Json = Record<string, any>;

/** An API call with the token; returns the raw body text and the envelope's data (ids as digit strings). */
export async function api(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
  extra: { locale?: Locale; idempotent?: boolean } = {},
): Promise<{ text: string; data: any }> {
  const r = await callApi(token, method, path, input, extra);
  if (r.code !== 0) throw new Error(`${method} ${path} → ${r.status} ${r.text}`);
  return { text: r.text, data: r.data };
}

/** Creates an order through POST /api/order/add (multipart, as the add form sends it). */
export async function addOrderApi(
  token: string,
  o: { merchantId: string; productTitle: string; customerName: string; customerPhone: string; region: string[]; address: string; paidAmount: string },
): Promise<Json> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(o)) for (const one of Array.isArray(v) ? v : [v]) fd.append(k, one);
  const r = await callApi(token, 'POST', '/order/add', fd);
  if (r.code !== 0) throw new Error(`order/add failed: ${r.text}`);
  return r.data as Json;
}

/** Every bare integer of 16+ digits in a raw JSON text, as written (never through a JS number). */
export function rawIds(text: string, key = 'id'): string[] {
  return [...text.matchAll(new RegExp(`"${key}":(\\d{16,})[,}]`, 'g'))].map((m) => m[1]!);
}

export const TWO_POW_53 = 2n ** 53n;

// ---------------------------------------------------------------- money

/** "199.00" → 19900n */
export function cents(s: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`not money: ${s}`);
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}
export function decimal(c: bigint): string {
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
}
/** What the console shows for an amount: "¥1,234.50" (both locales show the yuan sign). */
export function yuan(s: string | bigint): string {
  const c = typeof s === 'bigint' ? s : cents(s);
  return `¥${(c / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(c % 100n).padStart(2, '0')}`;
}
/**
 * The settlement formula of server/modules/order/README.md, computed independently here:
 * round_half_up(unit × qty × (adjusted − refunded) / paid, 2), = unit × qty when paid is 0.
 */
export function settlement(unit: string, qty: number, adjusted: string, refunded: string, paid: string): bigint {
  const base = cents(unit) * BigInt(qty);
  const p = cents(paid);
  if (p === 0n) return base;
  const num = base * (cents(adjusted) - cents(refunded));
  return (num * 2n + p) / (2n * p);
}

// ---------------------------------------------------------------- list

export const rows = (page: Page): Locator => page.locator('.ant-pro-table tr.ant-table-row:visible');
export const searchForm = (page: Page): Locator => page.locator('.ant-pro-table-search:visible');

/** A button's accessible name: antd puts a space between two CJK characters ("查 询"). */
export function buttonName(text: string): RegExp {
  const esc = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${/^[\u4e00-\u9fff]{2}$/.test(text) ? esc.join('\\s*') : esc.join('')}\\s*$`);
}

/**
 * A button by its visible text. Not by accessible name: antd leaves a button's faded-out loading icon
 * (aria-label "loading", zero width) in the DOM for a while after a failed submit, which changes the
 * name but not what a user sees or can click.
 */
export function button(scope: Locator, text: string): Locator {
  return scope.locator(`button${STILL}`).filter({ hasText: buttonName(text) });
}

/** The status tab labels as shown, e.g. ["全部 (2000)", "待派单 (85)", …]. */
export async function tabLabels(page: Page): Promise<string[]> {
  return (await page.locator('.ant-pro-table-list-toolbar .ant-tabs-tab:visible').allInnerTexts()).map((t) => t.trim());
}
export async function activeTab(page: Page): Promise<string> {
  return (await page.locator('.ant-pro-table-list-toolbar .ant-tabs-tab-active:visible').innerText()).trim();
}
export const STATUSES = ['pending', 'assigned', 'in_service', 'to_settle', 'settled', 'closed', 'refunded'] as const;

/** The tab labels the console must show for these counts. */
export function expectedTabs(locale: Locale, counts: Record<string, number | string>): string[] {
  const n = (s: string) => Number(counts[s] ?? 0);
  const all = STATUSES.reduce((a, s) => a + n(s), 0);
  return [`${msg(locale, 'renderer.tab.all')} (${all})`, ...STATUSES.map((s) => `${msg(locale, `enum.orderStatus.${s}`)} (${n(s)})`)];
}

/** The text of one column (by its header title) in every visible row. */
export async function columnTexts(page: Page, title: string): Promise<string[]> {
  const i = await columnIndex(page, title);
  return (await rows(page).locator(`td:nth-child(${i})`).allInnerTexts()).map((t) => t.trim());
}

/** The visible row of an order (by order number). */
export function rowOf(page: Page, orderNo: string): Locator {
  return rows(page).filter({ hasText: orderNo });
}

/** Waits for the list to show rows whose order numbers are exactly `orderNos` (in any order). */
export async function waitRows(page: Page, orderNos: string[], locale: Locale = 'zh-CN'): Promise<void> {
  const read = async () => (await columnTexts(page, msg(locale, 'order.orderNo'))).sort();
  const got = await until(read, (v) => JSON.stringify(v) === JSON.stringify([...orderNos].sort()));
  assert.deepEqual(got, [...orderNos].sort(), 'rows shown');
}

/** The index (1-based, for :nth-child) of the column with this header title. */
async function columnIndex(page: Page, title: string): Promise<number> {
  const head = page.locator('.ant-pro-table .ant-table-thead:visible').first();
  await head.locator('th').filter({ hasText: title }).first().waitFor();
  const heads = (await head.locator('th').allInnerTexts()).map((h) => h.trim());
  const i = heads.indexOf(title);
  if (i < 0) throw new Error(`no column "${title}" in ${heads.join('|')}`);
  return i + 1;
}

/** The status shown in an order's row (its status column). */
export async function statusOf(page: Page, orderNo: string, locale: Locale = 'zh-CN'): Promise<string> {
  const i = await columnIndex(page, msg(locale, 'order.status'));
  return (await rowOf(page, orderNo).locator(`td:nth-child(${i})`).innerText()).trim();
}

/** Waits until the list is not loading (no spinner over the table). */
export async function listSettled(page: Page): Promise<void> {
  await until(
    () => page.locator('.ant-pro-table .ant-spin-spinning').count(),
    (n) => n === 0,
  );
}

/** Labels of the actions a row offers: inline links plus the items under 更多 (menu opened and closed again). */
export async function rowActionLabels(page: Page, row: Locator): Promise<string[]> {
  await listSettled(page);
  const cell = row.locator('td').last();
  const inline = (await cell.locator('[data-action]').allInnerTexts()).map((t) => t.trim());
  const more = cell.locator('[data-more]');
  if ((await more.count()) === 0) return inline;
  await more.click();
  const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu').last();
  await menu.waitFor({ timeout: 5000 });
  const items = (await menu.locator('.ant-dropdown-menu-item').allInnerTexts()).map((t) => t.trim());
  await more.click(); // a click trigger toggles the menu closed
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden', timeout: 5000 });
  return [...inline, ...items];
}

/**
 * The actions the first row offers, read until they equal `expected` (a re-render mid-read is read again);
 * returns the last reading for the caller to assert.
 */
export async function firstRowActions(page: Page, expected: string[]): Promise<string[]> {
  const read = async () => {
    try {
      return await rowActionLabels(page, rows(page).first());
    } catch (e) {
      return [`(unreadable: ${(e as Error).message.split('\n')[0]})`];
    }
  };
  return until(read, (l) => JSON.stringify(l) === JSON.stringify(expected), 10_000, 300);
}

/** Runs a row action by its label: an inline link, else the item under 更多. */
export async function runRowAction(page: Page, row: Locator, label: string): Promise<void> {
  const cell = row.locator('td').last();
  const inline = cell.locator('[data-action]', { hasText: label });
  if (await inline.count()) {
    await inline.first().click();
    return;
  }
  await cell.locator('[data-more]').click();
  const item = page.locator(`.ant-dropdown:visible .ant-dropdown-menu-item${STILL}`, { hasText: label });
  await item.first().click();
}

// ---------------------------------------------------------------- dialogs and messages

export const modal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal').last();
export const drawer = (page: Page): Locator => page.locator('.ant-drawer-content-wrapper:visible').last();

/** Waits for a message notice with this text (success, error, info). */
export async function seeMessage(page: Page, text: string, timeout = 15_000): Promise<void> {
  // every notice shown meanwhile is kept, so a failure says what the page said instead
  const seen = page.locator('.ant-message-notice');
  const shown = new Set<string>();
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    for (const t of await seen.allInnerTexts().catch(() => [])) {
      if (t.includes(text)) return;
      shown.add(t.trim());
    }
    await page.waitForTimeout(50);
  }
  throw new Error(`no message "${text}" within ${timeout} ms; the page showed: ${JSON.stringify([...shown])}`);
}

/** Picks an option of an antd Select inside `scope` (typing to search when `type` is given). */
export async function chooseOption(page: Page, select: Locator, label: string, type?: string): Promise<void> {
  await select.click();
  if (type !== undefined) await select.locator('input').fill(type);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label });
  await option.first().waitFor();
  await option.first().click();
}

/**
 * Picks a path in an antd Cascader (already opened), one column at a time, checking after each click
 * that the option it meant is the active one. A click that landed on another option (the column
 * scrolled under the pointer between Playwright's aim and its click, on a loaded machine) is made
 * again, once. When an option does not show, the error says what the dropdown showed instead.
 */
export async function chooseCascaderPath(page: Page, names: string[], timeout = 15_000): Promise<void> {
  const dropdown = page.locator('.ant-cascader-dropdown:visible');
  const failWith = async (name: string, i: number, why: string): Promise<never> => {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.ant-cascader-dropdown')].map((d) => ({
        hidden: d.classList.contains('ant-select-dropdown-hidden') || d.classList.contains('ant-cascader-dropdown-hidden'),
        columns: [...d.querySelectorAll('.ant-cascader-menu')].map((m) => (m.textContent ?? '').slice(0, 40)),
        active: [...d.querySelectorAll('.ant-cascader-menu-item-active')].map((a) => a.textContent),
      })),
    );
    await shot(page, `cascader-missing-${i + 1}`);
    throw new Error(`cascader: "${name}" (step ${i + 1} of ${names.join(' / ')}): ${why}; the dropdowns: ${JSON.stringify(shown)}`);
  };
  for (const [i, name] of names.entries()) {
    const item = dropdown.locator('.ant-cascader-menu').nth(i).locator('.ant-cascader-menu-item', { hasText: name }).first();
    for (let attempt = 1; ; attempt++) {
      try {
        await item.click({ timeout });
      } catch (e) {
        return failWith(name, i, (e as Error).message.split('\n')[0]!);
      }
      if (i === names.length - 1) break;
      const active = dropdown.locator('.ant-cascader-menu').nth(i).locator('.ant-cascader-menu-item-active');
      const got = await until(
        async () => ((await active.count()) ? ((await active.first().textContent()) ?? '') : ''),
        (t) => t !== '',
        5_000,
      );
      if (got === name) break;
      if (attempt === 2) return failWith(name, i, `the click made "${got}" active`);
    }
  }
}

/** The option labels an antd Select offers (after its options load). */
export async function optionLabels(page: Page, select: Locator, expectCount?: number): Promise<string[]> {
  await select.click();
  const opts = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const read = async () => (await opts.allInnerTexts()).map((t) => t.trim());
  const got = await until(read, (v) => (expectCount === undefined ? v.length > 0 : v.length === expectCount), 10_000);
  return got;
}

/** The form item (label + control) with this label inside a dialog. */
export function formItem(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) });
}

// ---------------------------------------------------------------- files

/** A small valid PNG, so the upload is a real image. */
export function tinyPng(w = 4, h = 4, rgb: [number, number, number] = [220, 40, 40]): Buffer {
  return makePng(w, h, rgb);
}

/** Rows of the first sheet of an XLSX file as text cells. */
/** A workbook's first sheet: its cells as text, and as typed (a number stays a number) with their number formats. */
export async function readXlsx(path: string): Promise<{ sheet: string; rows: string[][]; values: unknown[][]; formats: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const out: string[][] = [];
  const values: unknown[][] = [];
  const formats: string[][] = [];
  ws.eachRow((row) => {
    const cells = Array.from({ length: width }, (_, i) => row.getCell(i + 1));
    out.push(cells.map((c) => (c.value === null || c.value === undefined ? '' : String(c.value))));
    values.push(cells.map((c) => c.value ?? ''));
    formats.push(cells.map((c) => c.numFmt ?? ''));
  });
  return { sheet: ws.name, rows: out, values, formats };
}
