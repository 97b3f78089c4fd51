/**
 * After a deploy the old build's hashed chunks are gone, while a tab opened before it still runs the
 * old code. Its next lazy chunk then fails to load: the page must say so and offer a reload (which
 * brings the new build), not go blank. Simulated by answering 404 for every script the page has not
 * loaded yet, then opening another screen from the menu.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, pageAs, shot } from './lib/browser';
import { msg } from './lib/expect';

after(closeBrowser);

describe('a chunk gone after a deploy', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`offers a reload instead of a blank screen (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale, fresh: true });
      const loaded = new Set<string>();
      page.on('response', (r) => {
        if (r.url().endsWith('.js') && r.ok()) loaded.add(new URL(r.url()).pathname);
      });
      await page.goto('/order');
      await page.locator('#root .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');

      // "Deploy": every script this tab has not fetched yet no longer exists.
      let refused = 0;
      await page.route('**/*.js', (route) => {
        const path = new URL(route.request().url()).pathname;
        if (loaded.has(path)) return route.continue();
        refused++;
        return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      });
      await page.locator('.ant-menu-item', { hasText: msg(locale, 'menu.dashboard') }).click();

      const notice = page.getByTestId('stale-build');
      await notice.waitFor({ timeout: 15_000 });
      assert.ok(refused > 0, 'the dashboard needed a script the old build no longer has');
      assert.equal(await notice.locator('h2').innerText(), msg(locale, 'error.staleBuild.title'));
      assert.equal(await notice.locator('p').innerText(), msg(locale, 'error.staleBuild.description'));
      await shot(page, `stale-chunk-${locale}`);

      // The reload fetches the (new) build and the screen opens.
      await page.unroute('**/*.js');
      await page.getByRole('button', { name: msg(locale, 'error.staleBuild.reload') }).click();
      await page.waitForURL(/\/dashboard/, { timeout: 15_000 });
      await page.getByTestId('stale-build').waitFor({ state: 'detached', timeout: 30_000 });
      // the frame shows once the reloaded scripts have run (the network can be idle before: a loaded
      // machine still evaluating them failed a count taken at that moment)
      await page.locator('#root .ant-pro-layout').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('result-error').count(), 0, 'no error page after the reload');
      await ctx.close();
    });
  }
});
