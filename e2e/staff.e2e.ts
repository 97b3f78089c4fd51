/** The Staff screen: list, URL-held search with back/forward, add (with validation), edit, disable, roles. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, pageAs, shot, STILL } from './lib/browser';
import { expectPath, msg, until } from './lib/expect';

after(closeBrowser);
const rows = (page: Page) => page.locator('tr.ant-table-row:visible');
const firstCells = async (page: Page) => (await rows(page).allInnerTexts()).map((t) => t.trim().split(/\s/)[0]!);
const searchInput = (page: Page) => page.locator('form #username:visible').first();
const modal = (page: Page) => page.locator('.ant-modal:visible').first();

async function search(page: Page, username: string): Promise<void> {
  await searchInput(page).fill(username);
  await page.getByRole('button', { name: /查\s*询|Query|Search/ }).click();
  await expectPath(page, `/staff?username=${username}`);
  const got = await until(
    () => firstCells(page),
    (c) => c.length > 0 && c.every((u) => u.includes(username)),
  );
  assert.ok(got.length > 0 && got.every((u) => u.includes(username)), `rows match "${username}": ${got.join(',')}`);
}

describe('staff list', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`rows are shown with localized headers and status tags (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.goto('/staff');
      await rows(page).first().waitFor();
      assert.ok((await rows(page).count()) >= 5, 'seeded staff listed');
      const heads = await page.locator('.ant-table-thead th:visible').allInnerTexts();
      for (const k of ['staff.username', 'staff.nickname', 'staff.roles', 'staff.enabled'])
        assert.ok(
          heads.some((h) => h.trim() === msg(locale, k)),
          `${k} column in ${heads.join('|')}`,
        );
      const text = await page.locator('.ant-table-tbody:visible').innerText();
      assert.ok(text.includes(msg(locale, 'enum.userStatus.enabled')));
      await shot(page, `staff-list-${locale}`);
      await ctx.close();
    });
  }

  test('search by username filters rows; the URL holds it, back/forward restore it, reset clears it', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff');
    await rows(page).first().waitFor();
    const all = await rows(page).count();
    await search(page, 'zhao');
    assert.ok((await rows(page).count()) < all);
    await search(page, 'lin');
    await page.goBack();
    await expectPath(page, '/staff?username=zhao');
    await until(
      () => firstCells(page),
      (c) => c.length > 0 && c.every((u) => u.includes('zhao')),
    );
    assert.ok((await firstCells(page)).every((u) => u.includes('zhao')));
    assert.equal(await searchInput(page).inputValue(), 'zhao');
    await page.goForward();
    await expectPath(page, '/staff?username=lin');
    await until(
      () => firstCells(page),
      (c) => c.length > 0 && c.every((u) => u.includes('lin')),
    );
    assert.ok((await firstCells(page)).every((u) => u.includes('lin')));
    assert.equal(await searchInput(page).inputValue(), 'lin');
    // a list opened from a filtered link: reset empties the form too (ProForm's reset went back to the
    // link's values the form was mounted with, while the list showed every row)
    await page.goto('/staff?username=zhao');
    await until(
      () => firstCells(page),
      (c) => c.length > 0 && c.length < all && c.every((u) => u.includes('zhao')),
    );
    assert.equal(await searchInput(page).inputValue(), 'zhao');
    await page
      .locator('.ant-pro-table-search')
      .getByRole('button', { name: /^重\s*置$/ })
      .click();
    await expectPath(page, '/staff');
    assert.equal(
      await until(
        () => rows(page).count(),
        (n) => n === all,
      ),
      all,
      'every row again',
    );
    assert.equal(await searchInput(page).inputValue(), '');
    await ctx.close();
  });
});

describe('staff changes (admin)', () => {
  const username = `e2e${Date.now().toString(36)}`;
  test('add (short password refused first), edit nickname, disable', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: msg('zh-CN', 'common.add') }).click();
    const m = modal(page);
    await m.locator('#username').fill(username);
    await m.locator('#nickname').fill('端到端测试');
    await m.locator('#password').fill('abc1');
    await m.locator('#roles').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: msg('zh-CN', 'enum.role.finance') }).click();
    await m.locator('.ant-modal-title').click();
    await m.getByRole('button', { name: /确\s*定/ }).click();
    const explain = m.locator('.ant-form-item-explain-error');
    await explain.first().waitFor();
    const errs = await explain.allInnerTexts();
    assert.ok(
      errs.some((e) => e.includes(msg('zh-CN', 'staff.password'))) || errs.some((e) => e.includes(msg('zh-CN', 'staff.passwordPattern'))),
      `password error: ${errs.join('|')}`,
    );
    await shot(page, 'staff-add-validation');
    await m.locator('#password').fill('Passw0rd123');
    await m.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice', { hasText: msg('zh-CN', 'staff.addSuccess') }).waitFor();
    await m.waitFor({ state: 'hidden' });
    await search(page, username);
    assert.equal(await rows(page).count(), 1);
    assert.ok((await rows(page).first().innerText()).includes('端到端测试'));

    await rows(page).first().getByText(msg('zh-CN', 'common.edit'), { exact: true }).click();
    const e = modal(page);
    await until(
      () => e.locator('#nickname').inputValue(),
      (v) => v === '端到端测试',
    );
    await e.locator('#nickname').fill('改过的名字');
    await e.getByRole('button', { name: /确\s*定/ }).click();
    await e.waitFor({ state: 'hidden' });
    await until(
      () => rows(page).first().innerText(),
      (t) => t.includes('改过的名字'),
    );
    assert.ok((await rows(page).first().innerText()).includes('改过的名字'));

    const status = rows(page)
      .first()
      .locator('.ant-tag', { hasText: msg('zh-CN', 'enum.userStatus.enabled') });
    assert.equal(await status.count(), 1);
    await rows(page).first().getByText(/更多/).click();
    await page.locator(`.ant-dropdown:visible .ant-dropdown-menu-item${STILL}`, { hasText: msg('zh-CN', 'staff.disable') }).click();
    await page.getByText(msg('zh-CN', 'staff.disableConfirm')).waitFor();
    await shot(page, 'staff-disable-confirm');
    await page
      .locator('.ant-popover:visible, .ant-modal-confirm:visible, .ant-modal:visible')
      .getByRole('button', { name: /确\s*定|停\s*用/ })
      .last()
      .click();
    await until(
      () => rows(page).first().innerText(),
      (t) => t.includes(msg('zh-CN', 'enum.userStatus.disabled')),
    );
    assert.ok((await rows(page).first().innerText()).includes(msg('zh-CN', 'enum.userStatus.disabled')));
    await shot(page, 'staff-disabled');
    await ctx.close();
  });

  test("the disable action is not offered on admin's own row", async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff?username=admin');
    await until(
      () => firstCells(page),
      (c) => c.length === 1 && c[0] === 'admin',
    );
    const row = rows(page).first();
    assert.equal(await row.getByText(msg('zh-CN', 'staff.disable'), { exact: true }).count(), 0);
    if (await row.getByText(/更多/).count()) {
      await row.getByText(/更多/).click();
      await page.locator(`.ant-dropdown:visible .ant-dropdown-menu-item${STILL}`).first().waitFor();
      assert.equal(await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: msg('zh-CN', 'staff.disable') }).count(), 0);
    }
    await ctx.close();
  });
});

describe('staff by role', () => {
  test('finance sees the list without add, edit or disable', async () => {
    const { ctx, page } = await pageAs('finance');
    await page.goto('/staff');
    await rows(page).first().waitFor();
    assert.ok((await rows(page).count()) >= 5);
    assert.equal(await page.getByRole('button', { name: msg('zh-CN', 'common.add') }).count(), 0);
    const body = await page.locator('.ant-table-tbody:visible').innerText();
    assert.ok(!body.includes(msg('zh-CN', 'common.edit')), 'no edit');
    // the only row action left is "view": no edit, no "more" menu holding disable/reset password
    const actions = await rows(page).locator('td:last-child').allInnerTexts();
    assert.deepEqual([...new Set(actions.map((a) => a.trim()))], [msg('zh-CN', 'common.view')]);
    assert.equal(
      await page
        .locator('tr.ant-table-row:visible a, tr.ant-table-row:visible button')
        .filter({ hasText: msg('zh-CN', 'staff.disable') })
        .count(),
      0,
      'no disable',
    );
    await shot(page, 'staff-finance');
    await ctx.close();
  });

  test('dispatcher gets 403 on /staff', async () => {
    const { ctx, page } = await pageAs('dispatcher');
    await page.goto('/staff');
    await page.getByTestId('result-403').getByText('403', { exact: true }).waitFor();
    assert.equal(await rows(page).count(), 0);
    await ctx.close();
  });
});
