/** The locale switch (zh-CN ↔ en-US), its storage under "locale", reload, and the loading overlay text. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, pageAs, shot, STILL } from './lib/browser';
import { menuLabels, msg, storageItem, until } from './lib/expect';

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
