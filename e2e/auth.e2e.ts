/** Sign-in and sign-out through the real form for each demo role, in both locales; the home page. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickUserMenuItem, closeBrowser, newPage, pageAs, shot, signIn, DEMO, type DemoRole } from './lib/browser';
import { ADMIN_SCREENS, ALL_SCREENS, expectPath, msg, storageItem, until } from './lib/expect';

after(closeBrowser);
const NICK: Record<DemoRole, string> = { admin: '系统管理员', finance: '财务小周', dispatcher: '调度小李' };
const SCREENS: Record<DemoRole, readonly string[]> = { admin: ADMIN_SCREENS.slice(1), finance: ALL_SCREENS.slice(1), dispatcher: ['order'] };

describe('sign in and out', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const role of ['admin', 'finance', 'dispatcher'] as const) {
      test(`${role} signs in and out (${locale})`, async () => {
        const { ctx, page } = await newPage({ locale });
        await signIn(page, DEMO[role].username, DEMO[role].password);
        await expectPath(page, '/index');
        const userMenu = page.getByTestId('user-menu');
        await until(
          () => userMenu.innerText(),
          (t) => t.includes(NICK[role]),
        );
        assert.equal((await userMenu.innerText()).trim(), NICK[role]);
        assert.ok(await storageItem(page, 'Authorization'));
        await page
          .getByTestId('home-user')
          .getByText(msg(locale, 'home.hello', { name: NICK[role] }))
          .waitFor();
        if (role === 'admin') await shot(page, `auth-home-${locale}`);
        await clickUserMenuItem(page, msg(locale, 'layout.logout'));
        await expectPath(page, '/login');
        await page.locator('#username').waitFor();
        assert.equal(await storageItem(page, 'Authorization'), null, 'token gone');
        await ctx.close();
      });
    }
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`signing out of a page and in again from the form lands on that page (${locale})`, async () => {
      const { ctx, page } = await newPage({ locale });
      await signIn(page, DEMO.admin.username, DEMO.admin.password);
      await page.goto('/store?name=x');
      await page.locator('.ant-pro-table').waitFor();
      await clickUserMenuItem(page, msg(locale, 'layout.logout'));
      await expectPath(page, '/login');
      // the sign-out passed through the guard's signed-out stop (/index?redirect=…), remembered as the last
      // visited path: the sign-in must go on to the page it holds, not stop on a home page still holding it
      await page.locator('#username').fill(DEMO.admin.username);
      await page.locator('#password').fill(DEMO.admin.password);
      await page.locator('button[type=submit]').click();
      await expectPath(page, '/store?name=x');
      await until(
        () => page.locator('form #name:visible').inputValue(),
        (v) => v === 'x',
      );
      assert.equal(await page.locator('form #name:visible').inputValue(), 'x', "the list's filter is the one signed out from");
      await shot(page, `auth-sign-in-again-${locale}`);
      await ctx.close();
    });
  }

  test('a wrong password shows an error and stays on /login', async () => {
    const { ctx, page } = await newPage();
    await page.goto('/login');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('wrong-password-1');
    await page.locator('button[type=submit]').click();
    const err = page.locator('.ant-message-notice, .ant-alert-error, .ant-form-item-explain-error');
    await err.first().waitFor();
    assert.ok((await err.first().innerText()).trim().length > 0, 'the error has text');
    await shot(page, 'auth-wrong-password');
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await storageItem(page, 'Authorization'), null);
    await ctx.close();
  });
});

describe('home page', () => {
  test('signed out: invites sign-in and keeps the redirect', async () => {
    const { ctx, page } = await newPage();
    await page.goto('/staff?username=admin');
    await expectPath(page, '/index?redirect=%2Fstaff%3Fusername%3Dadmin');
    const guest = page.getByTestId('home-guest');
    await guest.getByText(msg('zh-CN', 'home.welcome', { app: msg('zh-CN', 'app.title') })).waitFor();
    await page.getByTestId('home-sign-in').click();
    await expectPath(page, '/login?redirect=%2Fstaff%3Fusername%3Dadmin');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('admin123');
    await page.locator('button[type=submit]').click();
    await expectPath(page, '/staff?username=admin');
    await ctx.close();
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`signed out: the header's sign-in button keeps the redirect as well (${locale})`, async () => {
      const { ctx, page } = await newPage({ locale });
      await page.goto('/merchant?status=enabled');
      await expectPath(page, '/index?redirect=%2Fmerchant%3Fstatus%3Denabled');
      await page.getByTestId('home-guest').waitFor();
      const header = page.locator('.ant-layout-header').getByTestId('header-sign-in');
      // antd spaces out a two-character Chinese label ("登 录")
      assert.equal((await header.innerText()).replace(/\s/g, ''), msg(locale, 'home.signIn').replace(/\s/g, ''));
      await shot(page, `auth-home-guest-${locale}`);
      await header.click();
      await expectPath(page, '/login?redirect=%2Fmerchant%3Fstatus%3Denabled');
      await page.locator('#username').fill(DEMO.finance.username);
      await page.locator('#password').fill(DEMO.finance.password);
      await page.locator('button[type=submit]').click();
      await expectPath(page, '/merchant?status=enabled');
      await page.locator('.ant-pro-table').waitFor();
      await ctx.close();
    });
  }

  for (const role of ['admin', 'finance', 'dispatcher'] as const) {
    test(`signed in (${role}): welcome with the nickname and shortcuts to exactly the allowed screens`, async () => {
      const { ctx, page } = await pageAs(role);
      await page.goto('/index');
      const home = page.getByTestId('home-user');
      await home.getByText(msg('zh-CN', 'home.hello', { name: NICK[role] })).waitFor();
      const ids = await home.locator('[data-testid^="shortcut-"]').evaluateAll((es) => es.map((e) => e.getAttribute('data-testid')!.slice('shortcut-'.length)));
      assert.deepEqual([...ids].sort(), [...SCREENS[role]].sort());
      const labels = (await home.locator('[data-testid^="shortcut-"]').allInnerTexts()).map((t) => t.trim()).sort();
      assert.deepEqual(labels, SCREENS[role].map((s) => msg('zh-CN', `menu.${s}`)).sort());
      if (role === 'dispatcher') await shot(page, 'auth-home-dispatcher');
      await ctx.close();
    });
  }
});
