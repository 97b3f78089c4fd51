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

/** The launch, shared: tests running at once (a file's `concurrency`) start one browser, not one each. */
let browser: Promise<Browser> | undefined;
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return browser;
}
export async function closeBrowser(): Promise<void> {
  idle.clear();
  const b = browser;
  browser = undefined;
  await (await b?.catch(() => undefined))?.close();
}

export const BASE = (): string => {
  const b = process.env.E2E_BASE;
  if (!b) throw new Error('E2E_BASE is not set: run browser tests through `npm run test:e2e`');
  return b;
};

type Locale = 'zh-CN' | 'en-US';
export interface PageOptions {
  locale?: Locale;
  /** pre-fills localStorage before any of the console's scripts runs */
  storage?: Record<string, string>;
  /**
   * A brand-new browser context (cold HTTP cache, a new renderer): for a test that watches what a
   * first visit requests or loads. Without it the tab may be one a finished test handed back.
   */
  fresh?: boolean;
}
/** What a test holds as its context: `close()` hands the tab back (or closes a fresh context). */
export type TestContext = Pick<BrowserContext, 'close' | 'cookies' | 'grantPermissions' | 'addInitScript'>;

const VIEWPORT = { width: 1440, height: 900 };

/**
 * Tabs handed back by finished tests, per context locale. A new context starts a renderer that
 * compiles and runs the whole console cold: 3.2–4.4 s to /order's rows on a quiet 2-core machine,
 * against 0.8–1.3 s for the same load in a tab that loaded the console before (V8 keeps what it
 * compiled per renderer). A handed-back tab is as empty as a new one where a test can see it:
 * its own context (storage, cookies and permissions shared with no other test), local and session
 * storage cleared, cookies and permissions cleared, listeners and routes dropped, the history down to
 * one neutral page, viewport and mouse reset. Only the browser's cache of the console's files and compiled code stays: a
 * returning user's browser, not a first visit (`fresh: true` for that). `E2E_FRESH=1` gives every
 * test a new context, to tell an isolation problem from a real one.
 */
const idle = new Map<Locale, { ctx: BrowserContext; page: Page }[]>();

async function freshContext(locale: Locale): Promise<BrowserContext> {
  const b = await getBrowser();
  return b.newContext({ viewport: VIEWPORT, locale, baseURL: BASE() });
}

/** Makes a handed-back tab empty again; false when it cannot be (then it is closed, not reused). */
async function wipe(ctx: BrowserContext, page: Page): Promise<boolean> {
  try {
    if (page.isClosed() || ctx.pages().length !== 1) return false;
    await page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // leaving the console first: what it writes as it unloads lands before the storage is cleared
    await page.goto('about:blank', { timeout: 10_000 });
    await ctx.clearCookies();
    await ctx.clearPermissions();
    await page.setViewportSize(VIEWPORT);
    await page.mouse.move(0, 0);
    return true;
  } catch {
    return false;
  }
}

/** A tab in its own context for one test: a handed-back one made empty, or a new one. */
async function tab(locale: Locale): Promise<{ ctx: BrowserContext; page: Page }> {
  const kept = idle.get(locale)?.pop();
  if (kept) return kept;
  const ctx = await freshContext(locale);
  return { ctx, page: await ctx.newPage() };
}

/** Empty storage for this test, then its own items, on a page of the console's origin that runs nothing. */
async function seed(page: Page, storage: Record<string, string>): Promise<void> {
  await page.goto('/api/public/health');
  await page.evaluate((s) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, storage);
  // no earlier test's pages in the history: a Back from the test's first page lands on this one
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.resetNavigationHistory').finally(() => cdp.detach());
}

/** A context of its own (empty storage) in a locale; `storage` pre-fills localStorage before any script runs. */
export async function newPage(opts: PageOptions = {}): Promise<{ ctx: TestContext; page: Page }> {
  const locale = opts.locale ?? 'zh-CN';
  const storage = { ...(opts.locale ? { locale: opts.locale } : {}), ...(opts.storage ?? {}) };
  if (opts.fresh || process.env.E2E_FRESH === '1') {
    const ctx = await freshContext(locale);
    const page = await ctx.newPage();
    // nothing to clear in a new context: with nothing to seed either, its first page is the test's own
    if (Object.keys(storage).length) await seed(page, storage);
    return { ctx, page };
  }
  const { ctx, page } = await tab(locale);
  await seed(page, storage);
  let handedBack = false;
  const handle: TestContext = {
    cookies: (...a) => ctx.cookies(...a),
    grantPermissions: (...a) => ctx.grantPermissions(...a),
    addInitScript: () => Promise.reject(new Error('addInitScript stays on a reused tab: ask newPage/pageAs for { fresh: true }')),
    async close() {
      if (handedBack) return;
      handedBack = true;
      if (await wipe(ctx, page)) idle.set(locale, [...(idle.get(locale) ?? []), { ctx, page }]);
      else await ctx.close().catch(() => undefined);
    },
  };
  return { ctx: handle, page };
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

/** A context of its own already signed in as a demo user (token seeded into localStorage, no login form). */
export async function pageAs(role: DemoRole, opts: PageOptions = {}): Promise<{ ctx: TestContext; page: Page; token: string }> {
  const token = await apiToken(DEMO[role].username, DEMO[role].password);
  const { ctx, page } = await newPage({ ...opts, storage: { Authorization: token, ...(opts.storage ?? {}) } });
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
