/**
 * Helpers for the merchant / franchise store / store audit / upload browser tests (e2e/merchant.e2e.ts):
 * API calls that keep 64-bit ids exact (json-bigint, as the console does), a PNG made on the spot,
 * dialogs, messages, row actions (inline or under 更多 / More), selects and the region cascader.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { callApi, type Locale } from './api';
import { msg, until } from './expect';
import { STILL } from './browser';

export type { Locale };
export type Json = Record<string, any>;
export const LOCALES = ['zh-CN', 'en-US'] as const;

/** The {code,msg,data} envelope of an API call with the token (ids stay digit strings); never throws on code ≠ 0. */
export async function apiRaw(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> | FormData = {},
  locale: Locale = 'zh-CN',
): Promise<{ status: number; code: number; msg: string; data: any }> {
  const { status, code, msg: message, data } = await callApi(token, method, path, input, { locale });
  return { status, code, msg: message, data };
}

/** The data of a successful API call (fails the test on any other answer). */
export async function api(token: string, method: 'GET' | 'POST', path: string, input: Record<string, unknown> | FormData = {}): Promise<any> {
  const r = await apiRaw(token, method, path, input);
  if (r.code !== 0) throw new Error(`${method} ${path} → ${r.status} ${JSON.stringify(r)}`);
  return r.data;
}

/** multipart/form-data as the console sends it: arrays become repeated fields. */
export function formData(input: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(input)) for (const one of Array.isArray(v) ? v : [v]) fd.append(k, one);
  return fd;
}

/** The only merchant with exactly this name (list search matches names by substring). */
export async function merchantByName(token: string, name: string): Promise<Json> {
  const list = ((await api(token, 'GET', '/merchant/list', { name, current: 1, pageSize: 50 })).list as Json[]).filter((m) => m.name === name);
  assert.equal(list.length, 1, `one merchant named ${name}`);
  return list[0]!;
}

export async function storeByName(token: string, name: string): Promise<Json> {
  const list = ((await api(token, 'GET', '/store/list', { name, current: 1, pageSize: 50 })).list as Json[]).filter((s) => s.name === name);
  assert.equal(list.length, 1, `one store named ${name}`);
  return list[0]!;
}

// ---------------------------------------------------------------- files

export { makePng } from './png';

/** The file key in an upload's URL (/api/public/file?key=<32 hex>). */
export function keyOf(url: string | null): string | undefined {
  return /[?&]key=([0-9a-f]{32})\b/.exec(url ?? '')?.[1];
}

// ---------------------------------------------------------------- page pieces

/**
 * A button's accessible name: antd puts a space between two CJK characters ("确 定"), and an icon
 * adds its own label in front ("plus 新增商户"), so match the text at the end, spaces optional.
 */
export function buttonName(text: string): RegExp {
  return new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}\\s*$`);
}

export const rows = (page: Page) => page.locator('tr.ant-table-row:visible');
export const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
export const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible').last();
/** Closes the open drawer with its × button and waits until it is gone. */
export async function closeDrawer(page: Page): Promise<void> {
  const d = drawer(page);
  await d.locator('.ant-drawer-close').click();
  await d.waitFor({ state: 'hidden' });
}
export const searchForm = (page: Page) => page.locator('.ant-pro-table-search:visible');
export const errorsIn = (scope: Locator) => scope.locator('.ant-form-item-explain-error').allInnerTexts();

/** Waits for a message toast with this text (exact). */
export async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice-content', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** The texts of every message toast shown so far (still on screen). */
export const messages = (page: Page) => page.locator('.ant-message-notice-content').allInnerTexts();

/** Clicks a top-menu item (SPA navigation; kept-alive screens keep their state). */
export async function openMenu(page: Page, locale: Locale, screen: string): Promise<void> {
  await page
    .locator('.ant-menu-item', { hasText: msg(locale, `menu.${screen}`) })
    .first()
    .click();
  await until(
    async () => new URL(page.url()).pathname,
    (p) => p === `/${screen}`,
  );
}

/** Opens the collapsed part of the list's search form (ProTable's 展开 / Expand), if it is collapsed. */
export async function expandSearch(page: Page): Promise<void> {
  const toggle = searchForm(page).locator('.ant-pro-query-filter-collapse-button');
  if ((await toggle.count()) && !(await toggle.locator('.anticon-up').count())) await toggle.click();
}

/** Fills one search field of the list's search form and runs the search. */
export async function searchBy(page: Page, locale: Locale, field: string, value: string): Promise<void> {
  await searchForm(page).locator(`#${field}`).fill(value);
  await searchForm(page)
    .getByRole('button', { name: buttonName(msg(locale, 'renderer.search')) })
    .click();
}

/** The labels of the actions a row offers: inline links plus those under 更多 / More (menu closed again). */
export async function rowActionLabels(page: Page, locale: Locale, row: Locator): Promise<string[]> {
  const cell = row.locator('td').last();
  const inline = (await cell.locator('a, button').allInnerTexts()).map((t) => t.replace(/\s+/g, '')).filter(Boolean);
  const more = msg(locale, 'renderer.more');
  const out = inline.filter((t) => !t.startsWith(more.replace(/\s+/g, '')));
  if (out.length < inline.length) {
    await cell.getByText(more).click();
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
    await menu.waitFor();
    out.push(...(await menu.locator('.ant-dropdown-menu-item').allInnerTexts()).map((t) => t.trim()));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
  return out;
}

/** Runs a row action by its label, inline or from the 更多 / More menu. */
export async function runRowAction(page: Page, locale: Locale, row: Locator, label: string): Promise<void> {
  const cell = row.locator('td').last();
  const inline = cell.getByText(label, { exact: true });
  if (await inline.count()) {
    await inline.first().click();
    return;
  }
  await cell.getByText(msg(locale, 'renderer.more')).click();
  await page.locator(`.ant-dropdown:visible .ant-dropdown-menu-item${STILL}`, { hasText: label }).click();
}

/** The OK button of a dialog (modal, confirm or drawer footer). */
export const okButton = (scope: Locator, locale: Locale) => scope.locator(`button${STILL}`).filter({ hasText: buttonName(msg(locale, 'renderer.ok')) });

/**
 * Opens a select and returns its option labels once loading is over (options shown, or the empty
 * state). `control` is the select's input (e.g. `#storeId`).
 */
/** The open select dropdown: not one still fading out after an earlier choice. */
const OPEN_DROPDOWN = '.ant-select-dropdown:visible:not([class*="-leave"])';

export async function openOptions(page: Page, control: Locator): Promise<string[]> {
  await control.click();
  const dd = page.locator(OPEN_DROPDOWN);
  await dd.waitFor();
  return settledOptions(page);
}

/** The labels of the open select dropdown, after its loading has finished. */
export async function settledOptions(page: Page, ok: (labels: string[]) => boolean = () => true, timeout = 10_000): Promise<string[]> {
  const dd = page.locator(OPEN_DROPDOWN);
  const read = async () => {
    const spinning = await dd.locator('.ant-spin').count();
    const empty = await dd.locator('.ant-empty, .ant-select-item-empty').count();
    const labels = (await dd.locator('.ant-select-item-option').allInnerTexts()).map((t) => t.trim());
    return { done: spinning === 0 && (empty > 0 || labels.length > 0), labels };
  };
  const v = await until(read, (x) => x.done && ok(x.labels), timeout);
  return v.labels;
}

/** Picks a place in a region cascader (single or multiple) by searching its name. */
export async function pickRegion(page: Page, input: Locator, search: string, option: string): Promise<void> {
  const dropdown = page.locator('.ant-cascader-dropdown:visible');
  // The search results re-render while the region data and the typed text settle; an option caught
  // mid-render is detached ("not visible"), so the pick is tried again on the settled list.
  for (let attempt = 1; ; attempt++) {
    if (!(await dropdown.count())) {
      await input.click();
      await input.fill('');
      await input.pressSequentially(search);
    }
    const item = dropdown.locator('.ant-cascader-menu-item', { hasText: option }).first();
    try {
      await item.click({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
      await page.waitForTimeout(300);
    }
  }
}

/** The value shown next to a label in a detail drawer's descriptions. */
export async function detailValue(scope: Locator, label: string): Promise<string> {
  const values = await scope
    .locator('.ant-descriptions-item')
    .evaluateAll(
      (items, want) =>
        items
          .filter((i) => i.querySelector('.ant-descriptions-item-label')?.textContent?.trim() === want)
          .map((i) => (i.querySelector('.ant-descriptions-item-content') as HTMLElement | null)?.innerText.trim() ?? ''),
      label,
    );
  assert.equal(values.length, 1, `one "${label}" in the detail (${values.length})`);
  return values[0]!;
}
