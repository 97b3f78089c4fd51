/**
 * Small waiting helpers for node:test + node:assert (which do not retry): poll what a user sees until
 * it holds, then assert it once more so a failure reports the last observed value.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Polls `read` until `ok(value)` holds (or the timeout passes) and returns the last value. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout = 15_000, every = 100): Promise<T> {
  const end = Date.now() + timeout;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, every));
    v = await read();
  }
  return v;
}

/** Asserts that `read()` eventually deep-equals `expected`. */
export async function eventuallyEqual<T>(read: () => Promise<T>, expected: T, message?: string, timeout?: number): Promise<void> {
  const v = await until(read, (x) => JSON.stringify(x) === JSON.stringify(expected), timeout);
  assert.deepEqual(v, expected, message);
}

/** The page's path + query, e.g. "/staff?username=zhao". */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** Waits until the page's path + query equals `expected` and asserts it. */
export async function expectPath(page: Page, expected: string, timeout?: number): Promise<void> {
  await eventuallyEqual(async () => pathOf(page), expected, `URL should become ${expected}`, timeout);
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

const catalogues = new Map<string, Record<string, string>>();
/** A message from the merged catalogue the app itself serves (public/locales/<locale>.json). */
export function msg(locale: 'zh-CN' | 'en-US', key: string, values: Record<string, string> = {}): string {
  if (!catalogues.has(locale)) catalogues.set(locale, JSON.parse(readFileSync(`public/locales/${locale}.json`, 'utf8')) as Record<string, string>);
  const text = catalogues.get(locale)![key];
  if (text === undefined) throw new Error(`no message ${key} in ${locale}`);
  return text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

/** The visible top-menu labels, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const texts = await page.locator('.ant-pro-top-nav-header-menu .ant-menu-item, .ant-layout-header .ant-menu-item').allInnerTexts();
  return [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
}

export const ALL_SCREENS = ['index', 'order', 'merchant', 'store', 'staff', 'product', 'dashboard', 'merchantAuth', 'logisticsOrder'] as const;
/** What an admin sees besides: the operation log. */
export const ADMIN_SCREENS = [...ALL_SCREENS, 'operationLog'] as const;
