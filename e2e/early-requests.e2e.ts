/**
 * Early requests (src/app/early-requests.ts): on a list route with a session the entry asks for the
 * list, counts, user and messages before the app's code arrives, and the app takes those answers
 * instead of asking again. The live table must show what the API says for the URL's state, in both
 * locales, and work at once. No session: nothing is asked, the app goes to the sign-in page.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, newPage, pageAs, shot } from './lib/browser';
import { expectPath, msg } from './lib/expect';
import { callApi, type Locale } from './lib/api';

after(closeBrowser);

const APP_ENTRY = /\/assets\/boot-[^/]*\.js$/;

async function apiPage(token: string, query: Record<string, string>, locale: Locale) {
  const list = (await callApi(token, 'GET', '/order/list', { pageSize: '20', ...query }, { locale })).data;
  return list.list as { orderNo: string }[];
}

describe('early requests of a list route', () => {
  for (const [role, locale, url, query] of [
    ['admin', 'zh-CN', '/order?current=2', { current: '2' }],
    ['finance', 'en-US', '/order?tab=to_settle&customerName=%E5%BC%A0', { current: '1', status: 'to_settle', customerName: '张' }],
  ] as const)
    test(`${role}, ${locale}: each early request goes out once, the live table shows the API's rows for ${url} and works`, async () => {
      const { ctx, page, token } = await pageAs(role, { locale, fresh: true });
      const seen: string[] = [];
      page.on('request', (r) => seen.push(new URL(r.url()).pathname));
      await page.goto(url);
      const expected = await apiPage(token, query, locale);
      assert.ok(expected.length > 0, 'seeded orders for this state');
      const rows = page.locator('#root .ant-table-tbody tr.ant-table-row');
      await rows.nth(expected.length - 1).waitFor({ timeout: 30_000 });
      const first = role === 'admin' ? 2 : 1; // the admin's bulk auto-assign adds a selection column
      const shown = await page.locator(`#root .ant-table-tbody tr.ant-table-row td:nth-child(${first})`).allInnerTexts();
      assert.deepEqual(
        shown.map((s) => s.trim()),
        expected.map((o) => o.orderNo),
      );
      const once = (p: string) => seen.filter((s) => s === p).length;
      assert.equal(once('/api/order/list'), 1, 'the list is asked once');
      assert.equal(once('/api/order/count'), 1, 'the counts are asked once');
      assert.equal(once('/api/user/info'), 1, 'the user is asked once');
      assert.equal(once(`/locales/${locale}.json`), 1, 'the messages are fetched once');
      await page
        .locator('#root .ant-tabs-tab-active', { hasText: role === 'admin' ? msg(locale, 'renderer.tab.all') : msg(locale, 'enum.orderStatus.to_settle') })
        .waitFor();
      await shot(page, `early-requests-${role}-${locale}`);
      // live at once: a row action opens the detail drawer, the URL keeps its state
      await rows.first().locator('[data-action=view]').click();
      await page.locator('.ant-drawer-open').waitFor();
      assert.equal(new URL(page.url()).pathname, '/order');
      assert.equal(new URL(page.url()).search.includes(role === 'admin' ? 'current=2' : 'tab=to_settle'), true, page.url());
      await ctx.close();
    });

  test('no session: nothing is asked early (the guard sends the visitor to /index); a stale one: the refusals go to the app, which signs out', async () => {
    for (const [storage, landing] of [
      [{}, '/index?redirect=%2Forder'],
      [{ Authorization: 'not-a-real-session-token-000000' }, '/login'],
    ] as const) {
      const { ctx, page } = await newPage({ locale: 'zh-CN', storage, fresh: true });
      const seen: string[] = [];
      page.on('request', (r) => seen.push(new URL(r.url()).pathname));
      await page.goto('/order');
      await expectPath(page, landing, 20_000);
      const lists = seen.filter((s) => s === '/api/order/list').length;
      assert.equal(lists, 'Authorization' in storage ? 1 : 0, seen.filter((s) => s.startsWith('/api')).join());
      await ctx.close();
    }
  });

  test('when the app cannot load, the loading overlay says so', async () => {
    const { ctx, page } = await pageAs('admin', { locale: 'zh-CN', fresh: true });
    await page.route(APP_ENTRY, (r) => r.abort());
    await page.goto('/order');
    await page.locator('#root .boot', { hasText: '页面加载失败，请刷新重试' }).waitFor({ timeout: 15_000 });
    await ctx.close();
  });
});
