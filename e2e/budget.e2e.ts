/**
 * JS budgets per route (issue 13 point 8): each route's scripts, as the browser loads them on a
 * cold visit, weighed by their brotli twins in dist/ (what the server sends to a browser that takes
 * brotli), must stay within e2e/budgets.json. A route that grows past its budget fails `npm test`.
 *
 * The budgets are today's measured bytes + 10 %. When a change makes a route bigger on purpose (or
 * smaller, to lock the gain in), refresh the file and commit it with the change that moved it:
 *
 *   npm run build && BUDGET_UPDATE=1 npx tsx e2e/run.ts budget
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, pageAs } from './lib/browser';

after(closeBrowser);

const FILE = 'e2e/budgets.json';
const HEADROOM = 1.1;

interface Budgets {
  $comment: string;
  routes: Record<string, { measuredBytes: number; budgetBytes: number }>;
}

/** Every screen route of the schemas, plus the sign-in page. */
function routes(): string[] {
  const out = ['/login'];
  for (const f of readdirSync('schemas')
    .filter((n) => n.endsWith('.json') && n !== 'app.json')
    .sort()) {
    const r = JSON.parse(readFileSync(join('schemas', f), 'utf8')) as { route?: { path: string; externalUrl?: string } };
    if (r.route && !r.route.externalUrl) out.push(r.route.path);
  }
  return out;
}

/** The bytes a browser that accepts brotli receives for one built script. */
function brotliBytes(path: string): number {
  const file = join('dist', decodeURIComponent(path));
  for (const twin of [file + '.br', file + '.gz', file]) if (existsSync(twin)) return statSync(twin).size;
  throw new Error(`${path} was loaded but is not in dist/`);
}

/**
 * The scripts a cold visit of `route` loads: once the frame (or the sign-in form) is up, no loading
 * indicator is left and no new script has arrived for 2 s (a screen's own chunk follows its data).
 */
async function scriptsOf(page: Page, route: string): Promise<string[]> {
  // a cold visit in a tab that may have loaded the console before: the browser's cache (memory cache
  // included) is off for this page, so every script the route needs comes over the network again
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) seen.add(u.pathname);
  });
  await page.goto(route);
  await page.locator('#root .ant-pro-layout, #root form').first().waitFor({ timeout: 30_000 });
  let count = -1;
  for (let i = 0; i < 30 && count !== seen.size; i++) {
    count = seen.size;
    await page.waitForLoadState('networkidle');
    await page
      .locator('#root .shell-loading, #root .ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => undefined);
    await page.waitForTimeout(2000);
  }
  await cdp.detach();
  return [...seen].sort();
}

/**
 * Routes measured at once: a route's measure is mostly waiting (the loop above rests 2 s at a time
 * until no new script comes), and each runs in its own tab with the cache off, so they overlap. Only
 * bytes are compared, never times.
 */
const AT_ONCE = 4;

describe('JS budgets per route', { concurrency: AT_ONCE }, () => {
  const measured: Record<string, number> = {};
  for (const route of routes()) {
    test(`${route} stays within its JS budget`, async () => {
      const { ctx, page } = route === '/login' ? await newPage({ locale: 'zh-CN' }) : await pageAs('admin', { locale: 'zh-CN' });
      const scripts = await scriptsOf(page, route);
      await ctx.close();
      const bytes = scripts.reduce((sum, s) => sum + brotliBytes(s), 0);
      measured[route] = bytes;
      console.log(`budget: ${route} ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB brotli`);
      if (process.env.BUDGET_UPDATE) return;
      const budgets = JSON.parse(readFileSync(FILE, 'utf8')) as Budgets;
      const b = budgets.routes[route];
      assert.ok(b, `${route} has no budget in ${FILE}: run BUDGET_UPDATE=1 npx tsx e2e/run.ts budget`);
      assert.ok(
        bytes <= b.budgetBytes,
        `${route} loads ${bytes} bytes of JS (brotli), over its budget of ${b.budgetBytes} (${((bytes / b.budgetBytes - 1) * 100).toFixed(1)} % over). ` +
          `Make it smaller, or if the growth is meant, refresh ${FILE} (npm run build && BUDGET_UPDATE=1 npx tsx e2e/run.ts budget) and commit it.`,
      );
    });
  }
  after(() => {
    if (!process.env.BUDGET_UPDATE || Object.keys(measured).length === 0) return;
    const file: Budgets = {
      $comment: `JS per route, brotli bytes as a cold visit loads them (e2e/budget.e2e.ts). budgetBytes = measuredBytes × ${HEADROOM}. Refresh: npm run build && BUDGET_UPDATE=1 npx tsx e2e/run.ts budget`,
      routes: Object.fromEntries(Object.entries(measured).map(([r, m]) => [r, { measuredBytes: m, budgetBytes: Math.floor(m * HEADROOM) }])),
    };
    writeFileSync(FILE, JSON.stringify(file, null, 2) + '\n');
    console.log(`budget: wrote ${FILE}`);
  });
});
