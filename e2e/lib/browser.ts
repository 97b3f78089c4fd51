/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser | undefined;
export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return browser;
}
export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const BASE = (): string => {
  const b = process.env.E2E_BASE;
  if (!b) throw new Error('E2E_BASE is not set: run browser tests through `npm run test:e2e`');
  return b;
};

/** A fresh context (empty storage) in a locale; `storage` pre-fills localStorage before any script runs. */
export async function newPage(opts: { locale?: 'zh-CN' | 'en-US'; storage?: Record<string, string> } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const b = await getBrowser();
  const ctx = await b.newContext({ viewport: { width: 1440, height: 900 }, locale: opts.locale ?? 'zh-CN', baseURL: BASE() });
  const storage = { ...(opts.locale ? { locale: opts.locale } : {}), ...(opts.storage ?? {}) };
  if (Object.keys(storage).length) {
    await ctx.addInitScript((s: Record<string, string>) => {
      if (sessionStorage.getItem('__e2e_seeded')) return;
      sessionStorage.setItem('__e2e_seeded', '1');
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
  }
  const page = await ctx.newPage();
  return { ctx, page };
}

/** Signs in through the real login form. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Gets a token through the API (fast path for tests that are not about the login form). */
export async function apiToken(username: string, password: string): Promise<string> {
  const r = await fetch(`${BASE()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await r.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * A selector suffix for an element not inside an antd popup that is still moving in: antd's zoom and
 * slide classes (`ant-zoom-appear`, `ant-slide-up-enter`, …) hold the popup at its start for a few
 * frames, long enough for Playwright to call it stable and click where the target is not yet.
 * Seen under load: a column-settings "reset" and a confirm's OK that did nothing.
 *
 * @example page.locator(`.ant-modal button${STILL}`)
 */
export const STILL = ':not([class*="-appear"] *):not([class*="-enter"] *)';

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('e2e/screens', { recursive: true });
  await page.screenshot({ path: `e2e/screens/${name}.png` });
}

export const DEMO = {
  admin: { username: 'admin', password: 'admin123' },
  finance: { username: 'finance', password: 'finance123' },
  dispatcher: { username: 'dispatcher', password: 'dispatcher123' },
} as const;
export type DemoRole = keyof typeof DEMO;

/** A fresh context already signed in as a demo user (token seeded into localStorage, no login form). */
export async function pageAs(
  role: DemoRole,
  opts: { locale?: 'zh-CN' | 'en-US'; storage?: Record<string, string> } = {},
): Promise<{ ctx: BrowserContext; page: Page; token: string }> {
  const token = await apiToken(DEMO[role].username, DEMO[role].password);
  const { ctx, page } = await newPage({ locale: opts.locale, storage: { Authorization: token, ...(opts.storage ?? {}) } });
  return { ctx, page, token };
}

/**
 * Clicks an item of the header's user menu. The menu opens on hover; a hover that lands while the
 * header is still settling (fonts, the live bell connecting) opens nothing, so move away and hover
 * again until the item shows, as a user would.
 */
export async function clickUserMenuItem(page: Page, text: string): Promise<void> {
  // STILL: clicked once the menu has stopped zooming in (a click during the animation can land beside the item)
  const item = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item${STILL}`, { hasText: text });
  const end = Date.now() + 15_000;
  while (!(await item.isVisible()) && Date.now() < end) {
    await page.mouse.move(0, 400);
    await page.getByTestId('user-menu').hover();
    await item.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
  await item.click();
}
