/**
 * The "更多" / "More" menu of a list row (one menu per table, drawn over the clicked link): it opens
 * under the link pressed, a second press on that link closes it, another row's link moves it there,
 * Escape or a click outside closes it and the next press opens it again at once, and an item runs
 * its action on that row.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, pageAs, shot } from './lib/browser';
import { msg, until } from './lib/expect';
import { modal, rows } from './lib/order-helpers';

after(closeBrowser);

/** The open menu once its opening animation is over (an item still sliding in is not where a click lands). */
const menu = (page: Page) => page.locator('.ant-dropdown:visible:not([class*="-leave"]):not([class*="-appear"]):not([class*="-enter"]) .ant-dropdown-menu');

/** The menu's top is just under the link (antd places it bottomLeft of its trigger). */
async function under(link: Locator, page: Page): Promise<boolean> {
  const a = (await link.boundingBox())!;
  const m = (await menu(page).boundingBox())!;
  return m.y >= a.y + a.height - 2 && m.y - (a.y + a.height) < 24 && Math.abs(m.x - a.x) < 24;
}

describe('row 更多 menu', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`opens under the pressed link, toggles, moves to another row, reopens at once after Escape, and runs an item (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      // tall enough that a menu under the fourth row is in view (clicking its item scrolls nothing)
      await page.setViewportSize({ width: 1440, height: 1200 });
      await page.goto('/order?tab=pending');
      await until(
        () => rows(page).count(),
        (n) => n >= 4,
      );
      const more = page.locator('tr.ant-table-row:visible a.row-more');
      assert.ok((await more.count()) >= 4, 'pending orders offer more actions than fit inline');
      // the open menu covers the next rows' links: "another row" is one it does not cover
      const [first, second] = [more.nth(0), more.nth(3)];
      assert.equal((await first.innerText()).trim(), msg(locale, 'renderer.more'));

      await first.click();
      await menu(page).waitFor();
      assert.ok(await under(first, page), 'the menu opens under the link pressed');
      const items = (await menu(page).locator('.ant-dropdown-menu-item').allInnerTexts()).map((t) => t.trim());
      assert.ok(items.includes(msg(locale, 'order.remarkAction')), `remark is under more: ${items.join(', ')}`);
      await shot(page, `row-menu-open-${locale}`);

      // the same link again closes it
      await first.click();
      await menu(page).waitFor({ state: 'hidden' });

      // reopened, then another row's link: the menu moves there
      await first.click();
      await menu(page).waitFor();
      await second.click();
      await until(
        () => under(second, page),
        (ok) => ok,
      );

      // Escape, and a press straight after opens it again (no dead time after a close)
      await page.keyboard.press('Escape');
      await second.click();
      await menu(page).waitFor({ timeout: 2_000 });
      assert.ok(await under(second, page));

      // a click outside closes it; the next press opens it again at once
      await page
        .locator('.ant-pro-table-list-toolbar')
        .first()
        .click({ position: { x: 5, y: 5 } });
      await menu(page).waitFor({ state: 'hidden' });
      await second.click();
      await menu(page).waitFor({ timeout: 2_000 });

      // a scroll that moves the link closes the menu (it would float away from its row)
      const y0 = (await second.boundingBox())!.y;
      await page.evaluate('scrollBy(0, 120)');
      assert.notEqual((await second.boundingBox())!.y, y0, 'the page scrolls');
      await menu(page).waitFor({ state: 'hidden' });
      await page.evaluate('scrollBy(0, -120)');
      await second.click();
      await menu(page).waitFor({ timeout: 2_000 });

      // an item runs its action on that row
      await menu(page)
        .locator('.ant-dropdown-menu-item', { hasText: msg(locale, 'order.remarkAction') })
        .click();
      await modal(page).locator('#remark').waitFor();
      await menu(page).waitFor({ state: 'hidden' });
      await ctx.close();
    });
  }
});
