/**
 * The shell on a phone (390 × 844), in both locales: the pull-out (burger) menu closes once an item is
 * picked, showing the page picked; the home page's to-do card shows its whole title (admin and
 * dispatcher); a detail drawer keeps its title beside its actions and shows its fields in one column;
 * a table in a detail section scrolls inside the drawer; today's figures on the home page stay inside
 * their cards; the profile's signed-in devices stay inside their card; the dashboard's top stores show
 * their names whole. The list screens' toolbars at 390 px are checked in columns.e2e.ts.
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

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`admin: an order's detail drawer keeps its title and shows each field whole in one column (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.setViewportSize(PHONE);
      await page.goto('/order');
      // the order with the most actions an admin can run from its drawer (4 in the demo data: 创建工单, 备注, 编辑, 关闭订单)
      await page.locator('tr.ant-table-row a[data-action="view"]:visible').first().click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.locator('.ant-descriptions-item-label').first().waitFor();
      await drawer.locator('.ant-drawer-extra button').first().waitFor();
      await page.waitForTimeout(400); // the drawer's slide-in
      await shot(page, `phone-order-detail-${locale}`);
      // the title whole, and not under the actions (antd let them take the header, the title drawn beneath them)
      const title = await drawer.locator('.ant-drawer-header').evaluate((h) => {
        const text = h.querySelector('.ant-drawer-title')!;
        const box = h.querySelector('.ant-drawer-header-title')!;
        const extra = h.querySelector('.ant-drawer-extra')!;
        return {
          text: text.textContent,
          scroll: box.scrollWidth,
          client: box.clientWidth,
          right: Math.round(text.getBoundingClientRect().right),
          extraLeft: Math.round(extra.getBoundingClientRect().left),
        };
      });
      assert.equal(title.text, msg(locale, 'renderer.detail'));
      assert.ok(title.scroll <= title.client, `the drawer's title is cut: ${title.scroll} px of it in ${title.client} px`);
      assert.ok(title.right <= title.extraLeft, `the drawer's title (to ${title.right} px) is under its actions (from ${title.extraLeft} px)`);
      // one field a row: every label starts at the section's left edge
      const lefts = await drawer
        .locator('.ant-descriptions')
        .first()
        .locator('.ant-descriptions-item-label')
        .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))]);
      assert.equal(lefts.length, 1, `the fields are in ${lefts.length} columns on a phone`);
      const order = drawer
        .locator('.ant-descriptions-item', { hasText: msg(locale, 'order.orderNo') })
        .first()
        .locator('.ant-descriptions-item-content');
      const lines = await order.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      assert.equal(lines, 1, `the order number breaks over ${lines} lines`);
      await ctx.close();
    });

    for (const [screen, table] of [
      ['merchant', 'shops'],
      ['product', 'SKUs'],
    ] as const) {
      test(`admin: a ${screen}'s detail keeps its ${table} table inside the drawer (${locale})`, async () => {
        const { ctx, page } = await pageAs('admin', { locale });
        await page.setViewportSize(PHONE);
        await page.goto(`/${screen}`);
        await page.locator('tr.ant-table-row a[data-action="view"]:visible').first().click();
        const body = page.locator('.ant-drawer-open .ant-drawer-body');
        await body.locator('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder').first().waitFor();
        await page.waitForTimeout(400);
        await shot(page, `phone-${screen}-detail-${locale}`);
        const box = await body.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        assert.ok(box.scroll <= box.client, `the drawer's body scrolls sideways: ${box.scroll} px in ${box.client} px`);
        await ctx.close();
      });
    }

    test(`finance: today's figures on the home page stay inside their cards (${locale})`, async () => {
      const { ctx, page } = await pageAs('finance', { locale });
      await page.setViewportSize(PHONE);
      await page.goto('/index');
      await page.getByTestId('figure-refunded').waitFor();
      await shot(page, `phone-today-figures-${locale}`);
      const past = await page.locator('[data-testid^="figure-"]').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const edge = card.getBoundingClientRect().right;
          return [...card.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
            .map(
              (el) =>
                `${card.getAttribute('data-testid')}: "${el.textContent}" to ${Math.round(el.getBoundingClientRect().right)} px, the card to ${Math.round(edge)} px`,
            );
        }),
      );
      assert.deepEqual(past, [], "drawn past its card's edge");
      await ctx.close();
    });

    test(`admin: the profile's signed-in devices stay inside their card, the page does not scroll sideways (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.setViewportSize(PHONE);
      await page.goto('/profile');
      // on a phone the tab may be under the tabs' overflow menu: a click on the tab itself picks it
      const tab = page.locator('.ant-tabs-tab-btn', { hasText: msg(locale, 'profile.sessions') });
      await tab.waitFor({ state: 'attached' });
      await tab.evaluate((el) => (el as HTMLElement).click());
      const table = page.getByTestId('profile-sessions');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      await shot(page, `phone-profile-sessions-${locale}`);
      const box = await table.evaluate((el) => {
        const card = el.closest('.ant-card')!.getBoundingClientRect();
        return { right: Math.round(el.getBoundingClientRect().right), card: Math.round(card.right), page: document.scrollingElement!.scrollWidth };
      });
      assert.ok(box.page <= PHONE.width, `the page scrolls sideways: ${box.page} px`);
      assert.ok(box.right <= box.card, `the table runs to ${box.right} px, past its card (${box.card} px)`);
      await ctx.close();
    });

    test(`finance: the dashboard's top stores show each store's and merchant's name whole (${locale})`, async () => {
      const { ctx, page } = await pageAs('finance', { locale });
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard');
      const card = page.locator('.ant-card', { hasText: msg(locale, 'dashboard.topStores.title') });
      await card.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await card.scrollIntoViewIfNeeded();
      await shot(page, `phone-top-stores-${locale}`);
      // columns 2 and 3: the store and the merchant
      const cut = await card.locator('tbody tr.ant-table-row').evaluateAll((rows) =>
        rows.flatMap((r) =>
          [...r.querySelectorAll('td')].slice(1, 3).flatMap((td) => {
            const inner = (td.querySelector('.ant-table-cell-content') ?? td) as HTMLElement;
            return inner.scrollWidth > inner.clientWidth ? [`${td.textContent}: ${inner.scrollWidth} px in ${inner.clientWidth} px`] : [];
          }),
        ),
      );
      assert.deepEqual(cut, [], 'names cut');
      await ctx.close();
    });
  }
});
