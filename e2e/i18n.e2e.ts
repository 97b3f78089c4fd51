/** The locale switch (zh-CN ↔ en-US), its storage under "locale", reload, the loading overlay text, and the zh-CN fallback. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, pageAs, shot, STILL } from './lib/browser';
import { ADMIN_SCREENS, eventuallyEqual, menuLabels, msg, storageItem, until } from './lib/expect';

after(closeBrowser);

/** Opens the header's language menu (hover) and picks a language by its label. */
async function pickLocale(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 400); // leave the trigger first, so the hover below is a fresh mouseenter
  await page.getByTestId('locale-switch').hover();
  const item = page.locator(`.ant-dropdown:visible .ant-dropdown-menu-item${STILL}`, { hasText: label });
  await item.waitFor();
  await item.click();
}

describe('locale', () => {
  test('switching changes the UI text, stores the bare string and survives a reload', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff');
    await page.locator('tr.ant-table-row:visible').first().waitFor();
    assert.ok((await menuLabels(page)).includes(msg('zh-CN', 'menu.staff')));
    const columns = () => page.locator('.ant-table-thead th:visible').allInnerTexts();
    assert.ok((await columns()).includes(msg('zh-CN', 'staff.username')));

    await pickLocale(page, 'English');
    const en = await until(
      () => menuLabels(page),
      (m) => m.includes(msg('en-US', 'menu.staff')),
    );
    assert.ok(en.includes(msg('en-US', 'menu.staff')), `menu in English: ${en.join(',')}`);
    assert.ok((await until(columns, (c) => c.includes(msg('en-US', 'staff.username')))).includes(msg('en-US', 'staff.username')));
    assert.equal(await storageItem(page, 'locale'), 'en-US');
    await shot(page, 'i18n-en-US');

    await page.reload();
    await page.locator('tr.ant-table-row:visible').first().waitFor();
    assert.ok(
      (
        await until(
          () => menuLabels(page),
          (m) => m.includes(msg('en-US', 'menu.staff')),
        )
      ).includes(msg('en-US', 'menu.staff')),
      'still English after reload',
    );
    assert.ok(!(await page.locator('body').innerText()).includes(msg('zh-CN', 'menu.staff')));

    await pickLocale(page, '简体中文');
    assert.ok(
      (
        await until(
          () => menuLabels(page),
          (m) => m.includes(msg('zh-CN', 'menu.staff')),
        )
      ).includes(msg('zh-CN', 'menu.staff')),
    );
    assert.equal(await storageItem(page, 'locale'), 'zh-CN');
    await ctx.close();
  });

  test('the loading overlay says 加载中... in zh-CN', async () => {
    const { ctx, page } = await pageAs('admin');
    // hold the user info so the guard's loading overlay stays up
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/user/info', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/staff');
    const overlay = page.locator('.shell-loading__text:visible').first();
    await overlay.waitFor();
    assert.equal(await overlay.innerText(), '加载中...');
    assert.equal(msg('zh-CN', 'shell.loading'), '加载中...');
    await shot(page, 'i18n-loading');
    release();
    await page.locator('tr.ant-table-row:visible').first().waitFor();
    await ctx.close();
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`when neither language file can be fetched, the zh-CN texts still show, not their keys (stored ${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      const asked: string[] = [];
      await page.route('**/locales/**', (r) => {
        asked.push(new URL(r.request().url()).pathname);
        return r.abort();
      });
      await page.goto('/order');
      const zhMenu = ADMIN_SCREENS.map((s) => msg('zh-CN', `menu.${s}`));
      const menu = await until(
        () => menuLabels(page),
        (m) => m.length === zhMenu.length,
      );
      assert.deepEqual([...menu].sort(), [...zhMenu].sort());
      await eventuallyEqual(() => page.title(), `${msg('zh-CN', 'menu.order')} - ${msg('zh-CN', 'app.title')}`);
      await page.locator('tr.ant-table-row:visible').first().waitFor();
      // the list's own texts too: its search button ("查 询": antd spaces out two Chinese characters) and status tags
      await page
        .getByRole('button', { name: new RegExp(msg('zh-CN', 'renderer.search').split('').join('\\s*')) })
        .first()
        .waitFor();
      const body = await page.locator('body').innerText();
      assert.ok(body.includes(msg('zh-CN', 'enum.orderStatus.pending')), 'an order status tag in Chinese');
      assert.doesNotMatch(body, /\b(menu|renderer|enum|app|layout|order)\.[a-zA-Z]/, 'no raw message key on the page');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      // each file was asked for again before the shipped copy was used (a dropped request is no outage)
      assert.ok(asked.filter((p) => p === '/locales/zh-CN.json').length >= 3, asked.join(', '));
      if (locale === 'en-US') assert.ok(asked.filter((p) => p === '/locales/en-US.json').length >= 3, asked.join(', '));
      await shot(page, `i18n-no-language-files-${locale}`);
      await ctx.close();
    });
  }

  test('the sign-in page follows the stored locale', async () => {
    const { ctx, page } = await newPage({ locale: 'en-US' });
    await page.goto('/login');
    await until(
      () => page.locator('button[type=submit]').innerText(),
      (t) => t.includes(msg('en-US', 'login.submit')),
    );
    assert.equal((await page.locator('button[type=submit]').innerText()).trim(), msg('en-US', 'login.submit'));
    assert.equal(await page.locator('#username').getAttribute('placeholder'), msg('en-US', 'login.usernamePlaceholder'));
    await ctx.close();
  });
});
