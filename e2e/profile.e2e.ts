/** The personal centre: reached from the user menu; name change shows in the header; a password change signs the other browser out; devices can be signed out. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiToken, clickUserMenuItem, closeBrowser, newPage, shot, signIn } from './lib/browser';
import { callApi } from './lib/api';
import { msg, until } from './lib/expect';

after(closeBrowser);
/** antd puts a space between the two characters of a Chinese button label ("保 存"). */
const label = (locale: 'zh-CN' | 'en-US', key: string) => new RegExp(`^${[...msg(locale, key)].join('\\s*')}$`);

/** A fresh account per test, so changing its password disturbs no other test. */
async function freshUser(tag: string): Promise<{ username: string; password: string }> {
  const admin = await apiToken('admin', 'admin123');
  const username = `pf${tag}${Date.now().toString(36)}`;
  const password = 'Start2025x';
  const r = await callApi(admin, 'POST', '/user/add', { username, nickname: '测试员', password, roles: ['finance'], enabled: true });
  assert.equal(r.code, 0, r.msg);
  return { username, password };
}

async function openProfile(page: Page, locale: 'zh-CN' | 'en-US'): Promise<void> {
  await clickUserMenuItem(page, msg(locale, 'layout.profile'));
  await page.waitForURL((u) => u.pathname === '/profile');
  await page.getByTestId('profile-screen').waitFor();
}

describe('personal centre', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`edit my name from the user menu; the header shows it at once (${locale})`, async () => {
      const u = await freshUser(locale === 'zh-CN' ? 'z' : 'e');
      const { ctx, page } = await newPage({ locale });
      await signIn(page, u.username, u.password);
      await openProfile(page, locale);
      const form = page.getByTestId('profile-form-edit');
      await until(
        () => form.locator('#nickname').inputValue(),
        (v) => v === '测试员',
      );
      await form.locator('#nickname').fill(locale === 'zh-CN' ? '陈晓' : 'Chen Xiao');
      await form.getByRole('button', { name: label(locale, 'profile.save') }).click();
      const name = locale === 'zh-CN' ? '陈晓' : 'Chen Xiao';
      await until(
        () => page.getByTestId('user-menu').innerText(),
        (t) => t.includes(name),
      );
      assert.ok((await page.getByTestId('user-menu').innerText()).includes(name));
      await shot(page, `profile-basic-${locale}`);
      await ctx.close();
    });
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`a password change needs the current password and signs out my other browser (${locale})`, async () => {
      const u = await freshUser(`p${locale === 'zh-CN' ? 'z' : 'e'}`);
      const other = await newPage();
      await signIn(other.page, u.username, u.password);
      const { ctx, page } = await newPage({ locale });
      await signIn(page, u.username, u.password);
      await openProfile(page, locale);
      await page.getByRole('tab', { name: msg(locale, 'profile.password') }).click();
      const form = page.getByTestId('profile-form-password');
      await form.locator('#currentPassword').fill('Wrong2025x');
      await form.locator('#newPassword').fill('Next2026yy');
      await form.locator('#confirmPassword').fill('Next2026yy');
      await form.getByRole('button', { name: label(locale, 'profile.save') }).click();
      const explain = form.locator('.ant-form-item-explain-error');
      await explain.first().waitFor();
      assert.match(await explain.first().innerText(), new RegExp(msg(locale, 'profile.currentPassword')));
      await shot(page, `profile-password-wrong-${locale}`);
      await form.locator('#currentPassword').fill(u.password);
      await form.getByRole('button', { name: label(locale, 'profile.save') }).click();
      await page.locator('.ant-message', { hasText: msg(locale, 'profile.passwordChanged') }).waitFor();
      // this browser stays signed in; the other one is sent to sign in on its next request
      await page.reload();
      await page.getByTestId('profile-screen').waitFor();
      await other.page.goto('/order');
      await other.page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      await other.ctx.close();
      await ctx.close();
    });
  }

  test('signed-in devices: mine is marked, another can be signed out', async () => {
    const u = await freshUser('s');
    const phone = await newPage();
    await signIn(phone.page, u.username, u.password);
    const { ctx, page } = await newPage({ locale: 'en-US' });
    await signIn(page, u.username, u.password);
    await openProfile(page, 'en-US');
    await page.getByRole('tab', { name: msg('en-US', 'profile.sessions') }).click();
    const table = page.getByTestId('profile-sessions');
    await until(
      () => table.locator('tbody tr.ant-table-row').count(),
      (n) => n === 2,
    );
    assert.equal(await table.locator('tbody tr.ant-table-row').count(), 2);
    assert.ok((await table.innerText()).includes(msg('en-US', 'profile.thisDevice')));
    await shot(page, 'profile-sessions-en-US');
    await table.getByTestId('profile-sign-out').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await until(
      () => table.locator('tbody tr.ant-table-row').count(),
      (n) => n === 1,
    );
    assert.equal(await table.locator('tbody tr.ant-table-row').count(), 1);
    await phone.page.goto('/order');
    await phone.page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await phone.ctx.close();
    await ctx.close();
  });
});
