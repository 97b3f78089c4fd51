/**
 * The shell on a phone (390 × 844), in both locales: the pull-out (burger) menu closes once an item is
 * picked, showing the page picked; the home page's to-do card shows its whole title (admin and
 * dispatcher). The list screens' toolbars at 390 px are checked in columns.e2e.ts.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, pageAs, shot, type DemoRole } from './lib/browser';
import { msg, until } from './lib/expect';

after(closeBrowser);
const PHONE = { width: 390, height: 844 };

describe('phone-sized screen', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`the burger menu closes when an item is picked (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.setViewportSize(PHONE);
      await page.goto('/index');
      await page.getByTestId('workbench').waitFor();
      await page.locator('.ant-pro-global-header-collapsed-button').click();
      const drawer = page.locator('.ant-drawer-open');
      const item = drawer.locator('.ant-menu-item', { hasText: msg(locale, 'menu.order') });
      await item.waitFor();
      await item.click();
      await page.waitForURL((u) => u.pathname === '/order');
      await page.locator('tr.ant-table-row:visible').first().waitFor({ timeout: 30_000 });
      const open = await until(
        () => drawer.count(),
        (n) => n === 0,
        5_000,
      );
      await shot(page, `phone-menu-picked-${locale}`);
      assert.equal(open, 0, 'the menu drawer is still open over the page picked');
      await ctx.close();
    });

    for (const role of ['admin', 'dispatcher'] as DemoRole[]) {
      test(`${role}: the to-do card's title shows whole (${locale})`, async () => {
        const { ctx, page } = await pageAs(role, { locale });
        await page.setViewportSize(PHONE);
        await page.goto('/index');
        const title = page.locator('.workbench-todos .ant-card-head-title');
        await title.waitFor();
        // the "updated at" time comes with the first answer and sits beside or under the title
        await page.locator('.workbench-todos .ant-card-extra .ant-typography').waitFor();
        const box = await title.evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth }));
        await shot(page, `phone-todos-${role}-${locale}`);
        assert.equal(box.text, msg(locale, 'workbench.todos'));
        assert.ok(box.scroll <= box.client, `the title is cut: ${box.scroll} px of text in ${box.client} px`);
        const pageWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        assert.ok(pageWidth <= PHONE.width, `the page scrolls sideways: ${pageWidth} px`);
        await ctx.close();
      });
    }
  }
});
