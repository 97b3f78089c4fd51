/** The error catalogue of spec §8 through intercepted responses, the token header rule and exact 64-bit ids. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, pageAs, shot, signIn, DEMO } from './lib/browser';
import { expectPath, msg, pathOf, storageItem, until } from './lib/expect';
import { recordApi, stub } from './lib/intercept';

after(closeBrowser);
const TOKEN_KEY = 'Authorization';
const visibleRows = (page: Page) => page.locator('tr.ant-table-row:visible');
const messageText = (page: Page) => page.locator('.ant-message-notice').allInnerTexts();

describe('spec §8 error catalogue', () => {
  test('body code 100000 on a non-public call: 登录已过期 shown, token cleared, /login', async () => {
    const { ctx, page } = await pageAs('admin');
    await stub(page, '/api/user/list', { body: { code: 100000, msg: 'token expired', data: null } });
    await page.goto('/staff');
    await expectPath(page, '/login');
    await page.locator('.ant-message-notice', { hasText: '登录已过期' }).waitFor();
    assert.equal(await storageItem(page, TOKEN_KEY), null, 'token cleared');
    await page.locator('#username').waitFor();
    await shot(page, 'errors-100000');
    await ctx.close();
  });

  test('HTTP 401 on a non-public call goes to /login', async () => {
    const { ctx, page } = await pageAs('admin');
    await stub(page, '/api/user/list', { status: 401, body: { code: 40100, msg: 'unauthorized', data: null } });
    await page.goto('/staff');
    await expectPath(page, '/login');
    await page.locator('#username').waitFor();
    await ctx.close();
  });

  test('HTTP 401 while loading user info in the guard goes to /401', async () => {
    const { ctx, page } = await pageAs('admin');
    await stub(page, '/api/user/info', { status: 401, body: { code: 40100, msg: 'unauthorized', data: null } });
    await page.goto('/staff?username=admin');
    await expectPath(page, '/401');
    await page.getByTestId('result-401').getByText('401', { exact: true }).waitFor();
    await shot(page, 'errors-401-page');
    await ctx.close();
  });

  test('another failure loading user info shows no error page and does not crash', async () => {
    const { ctx, page } = await pageAs('admin');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await stub(page, '/api/user/info', { status: 500, body: { code: 50000, msg: 'boom', data: null } });
    const seen = recordApi(page);
    await page.goto('/staff');
    await until(
      async () => seen.filter((s) => s.path === '/api/user/info').length,
      (n) => n > 0,
    );
    await page.waitForTimeout(1500);
    assert.equal(pathOf(page), '/staff');
    for (const code of ['401', '403', '404', 'error']) assert.equal(await page.getByTestId(`result-${code}`).count(), 0, `no ${code} page`);
    assert.deepEqual(await messageText(page), [], 'no error message either');
    const body = await until(
      () => page.locator('body').innerText(),
      (t) => t.includes(msg('zh-CN', 'app.title')),
    );
    assert.ok(body.includes(msg('zh-CN', 'app.title')), 'the frame is still drawn');
    assert.deepEqual(errors, [], 'no uncaught page error');
    await shot(page, 'errors-info-500');
    await ctx.close();
  });

  test('an unparsable response keeps the raw text (shown as the error)', async () => {
    const { ctx, page } = await pageAs('admin');
    const raw = 'Bad gateway: upstream closed the connection';
    await stub(page, '/api/user/list', { status: 502, body: raw, contentType: 'text/html' });
    await page.goto('/staff');
    await page.getByText(raw).first().waitFor();
    await shot(page, 'errors-raw-text');
    await ctx.close();
  });

  test('a language file that fails to load falls back to zh-CN', async () => {
    const { ctx, page } = await newPage({ locale: 'en-US' });
    await page.route('**/locales/en-US.json', (r) => r.fulfill({ status: 500, body: 'down' }));
    await page.goto('/login');
    await page.locator('#username').waitFor();
    const submit = page.locator('button[type=submit]');
    await until(
      () => submit.innerText(),
      (t) => /登\s*录/.test(t),
    );
    assert.match(await submit.innerText(), /登\s*录/);
    assert.equal(await page.locator('#username').getAttribute('placeholder'), msg('zh-CN', 'login.usernamePlaceholder'));
    assert.ok(!(await page.locator('body').innerText()).includes(msg('en-US', 'login.submit')), 'no English text');
    await shot(page, 'errors-locale-fallback');
    await ctx.close();
  });

  test('an unknown path shows the page-not-found page (signed in too)', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/this/does/not/exist');
    await page.getByTestId('result-404').getByText('404', { exact: true }).waitFor();
    assert.equal(pathOf(page), '/this/does/not/exist');
    await ctx.close();
  });
});

describe('request layer', () => {
  test('x-misi-token carries the stored token on API calls, never on the sign-in call', async () => {
    const { ctx, page } = await newPage();
    const seen = recordApi(page);
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    const token = await storageItem(page, TOKEN_KEY);
    assert.ok(token, 'token stored after sign-in');
    await page.goto('/staff');
    await visibleRows(page).first().waitFor();
    const login = seen.filter((s) => s.path === '/api/user/login');
    assert.equal(login.length, 1);
    assert.equal(login[0]!.headers['x-misi-token'], undefined, 'no token on /api/user/login');
    const calls = seen.filter((s) => s.path === '/api/user/info' || s.path === '/api/user/list');
    assert.ok(calls.length >= 2, `info and list were called: ${calls.map((c) => c.path).join(',')}`);
    for (const c of calls) assert.equal(c.headers['x-misi-token'], token, `token on ${c.path}`);
    await ctx.close();
  });

  test('no token on /api/public/... (the header avatar of a user with a stored file key)', async () => {
    const { ctx, page, token } = await pageAs('admin');
    const seen = recordApi(page);
    const key = 'a'.repeat(32);
    await stub(page, '/api/user/info', {
      body: { code: 0, msg: 'ok', data: { id: 1, username: 'admin', nickname: '系统管理员', avatar: key, roles: ['admin'] } },
    });
    await stub(page, '/api/public/file', { status: 200, body: 'x', contentType: 'image/png' });
    await page.goto('/index');
    await page.getByTestId('home-user').waitFor();
    const file = await until(
      async () => seen.filter((s) => s.path === '/api/public/file'),
      (f) => f.length > 0,
    );
    assert.ok(file.length > 0, 'the avatar is fetched from /api/public/file');
    assert.equal(file[0]!.headers['x-misi-token'], undefined);
    assert.equal(seen.find((s) => s.path === '/api/user/info')?.headers['x-misi-token'], token);
    await ctx.close();
  });

  test('64-bit ids stay exact from the response into the DOM and the next request', async () => {
    const { ctx, page } = await pageAs('admin');
    const big = '9223372036854775807';
    const row = `{"id":${big},"username":"bigid","nickname":"大号","phone":"13800000000","roles":["finance"],"storeId":null,"storeName":null,"avatar":null,"enabled":true,"lastLoginAt":null,"createdAt":"2026-01-01T00:00:00.000Z"}`;
    await stub(page, '/api/user/list', {
      body: `{"code":0,"msg":"ok","data":{"list":[${row}],"total":1,"current":1,"pageSize":20}}`,
      contentType: 'application/json',
    });
    await stub(page, '/api/user/detail', { body: `{"code":0,"msg":"ok","data":${row}}`, contentType: 'application/json' });
    const seen = recordApi(page);
    await page.goto('/staff');
    await visibleRows(page).first().waitFor();
    assert.equal(await visibleRows(page).first().getAttribute('data-row-key'), big);
    await visibleRows(page).first().getByText(msg('zh-CN', 'common.edit')).click();
    const detail = await until(
      async () => seen.filter((s) => s.path === '/api/user/detail'),
      (d) => d.length > 0,
    );
    assert.ok(detail.length > 0, 'edit loads the detail');
    assert.equal(new URL(detail[0]!.url).searchParams.get('id'), big);
    await ctx.close();
  });
});
