/**
 * The prepaint (src/app/prepaint): a list route's first page painted from the schema before the app
 * has booted, then handed over to the live table. With the app's script held back the static copy
 * must show what the API says (rows, counts, masks, the user's actions, the URL's filters, both
 * locales); with the app running, the copy must give way to a live table showing the same rows, and
 * the app must reuse the early answers instead of asking again. No session: no copy.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, pageAs, shot } from './lib/browser';
import { expectPath, msg } from './lib/expect';
import { callApi, type Locale } from './lib/api';

after(closeBrowser);

/** The app (loaded by the entry after the prepaint): held back, it leaves the prepaint on screen (its failsafe is 20 s). */
const APP_ENTRY = /\/assets\/boot-[^/]*\.js$/;
const holdBack = () => undefined; // a route handler that never answers
const prepaintRows = (page: Page) => page.locator('#prepaint tr.pp-row');
const liveRows = (page: Page) => page.locator('#root .ant-table-tbody tr.ant-table-row');

/** Records the first cell of each prepaint row as it is inserted (the copy is gone after the hand-over). */
const RECORD_PREPAINT = `new MutationObserver(() => {
  const rows = document.querySelectorAll('#prepaint tr.pp-row');
  if (rows.length && !window.__ppRows) window.__ppRows = [...rows].map((r) => r.querySelectorAll('td')[r.querySelector('.pp-sel') ? 1 : 0].textContent.trim());
}).observe(document, { childList: true, subtree: true });`;

async function firstPage(token: string, query: Record<string, string>, locale: Locale = 'zh-CN') {
  const list = (await callApi(token, 'GET', '/order/list', { current: '1', pageSize: '20', ...query }, { locale })).data;
  return list.list as { orderNo: string; customerPhone: string; status: string }[];
}

describe('prepaint of a list route', () => {
  test("with the app held back, the static copy shows the API's first page, counts, masked phones and the admin's tools (zh-CN)", async () => {
    const { ctx, page, token } = await pageAs('admin', { locale: 'zh-CN' });
    await page.route(APP_ENTRY, holdBack);
    await page.goto('/order');
    await prepaintRows(page).nth(19).waitFor({ timeout: 15_000 });
    const expected = await firstPage(token, {});
    const firstCells = await page.locator('#prepaint tr.pp-row td:nth-child(2)').allInnerTexts();
    assert.deepEqual(
      firstCells.map((s) => s.trim()),
      expected.map((o) => o.orderNo),
    );
    const body = await page.locator('#prepaint').innerText();
    assert.ok(!body.includes(expected[0].customerPhone), 'the phone is never shown whole');
    assert.ok(body.includes(`${expected[0].customerPhone.slice(0, 3)}****${expected[0].customerPhone.slice(7)}`), 'the phone is masked');
    const counts = (await callApi(token, 'GET', '/order/count')).data as Record<string, number>;
    const total = Object.values(counts).reduce((a, b) => a + Number(b), 0);
    await page.locator('#prepaint .pp-tab.pp-active', { hasText: `全部 (${total})` }).waitFor();
    await page.locator('#prepaint .pp-tab', { hasText: `待派单 (${counts.pending})` }).waitFor();
    assert.ok(body.includes('新建订单') && body.includes('自动派单') && body.includes('导出'), 'admin toolbar');
    assert.equal((await page.locator('#prepaint .pp-sel').count()) > 0, true, 'a selection column for the bulk auto-assign');
    assert.equal(await page.locator('#root').evaluate((el) => getComputedStyle(el).visibility), 'hidden', 'the booting app stays hidden under the copy');
    assert.equal(await page.title(), '订单管理 - 后台管理系统');
    await shot(page, 'prepaint-order-zh');
    await ctx.close();
  });

  test("the filters and tab of the URL, the finance role's actions, English texts (en-US)", async () => {
    const { ctx, page, token } = await pageAs('finance', { locale: 'en-US' });
    await page.route(APP_ENTRY, holdBack);
    await page.goto('/order?tab=to_settle&customerName=%E5%BC%A0');
    const expected = await firstPage(token, { status: 'to_settle', customerName: '张' }, 'en-US');
    assert.ok(expected.length > 0, 'seeded to_settle orders of customers named 张');
    await prepaintRows(page)
      .nth(expected.length - 1)
      .waitFor({ timeout: 15_000 });
    assert.equal(await prepaintRows(page).count(), expected.length);
    const firstCells = await page.locator('#prepaint tr.pp-row td:nth-child(1)').allInnerTexts();
    assert.deepEqual(
      firstCells.map((s) => s.trim()),
      expected.map((o) => o.orderNo),
      'finance has no bulk action: no selection column',
    );
    const active = await page.locator('#prepaint .pp-tab.pp-active').innerText();
    assert.match(active, new RegExp(`^${msg('en-US', 'enum.orderStatus.to_settle')} \\(\\d+\\)$`));
    const toolbar = await page.locator('#prepaint .pp-toolbar').innerText();
    assert.ok(!toolbar.includes(msg('en-US', 'order.add')), 'finance cannot add orders');
    assert.ok(toolbar.includes(msg('en-US', 'order.export.action')));
    const actions = await page.locator('#prepaint tr.pp-row').first().locator('.pp-row-actions').innerText();
    assert.ok(actions.includes(msg('en-US', 'order.settle')), `a to_settle row offers Settle to finance: ${actions}`);
    assert.equal(await page.locator('#prepaint th').first().innerText(), msg('en-US', 'order.orderNo'));
    await shot(page, 'prepaint-order-en');
    await ctx.close();
  });

  test('the live table takes over with the same rows, reusing the early answers, and works', async () => {
    const { ctx, page } = await pageAs('admin', { locale: 'zh-CN' });
    await page.addInitScript({ content: RECORD_PREPAINT });
    const seen: string[] = [];
    page.on('request', (r) => seen.push(new URL(r.url()).pathname));
    await page.goto('/order?current=2');
    await page.waitForFunction(() => !document.getElementById('prepaint') && !document.documentElement.classList.contains('pp-on'), undefined, {
      timeout: 30_000,
    });
    await liveRows(page).nth(19).waitFor();
    const painted = (await page.evaluate(() => (window as unknown as { __ppRows?: string[] }).__ppRows)) ?? [];
    assert.equal(painted.length, 20, 'the copy was painted first');
    const live = await page.locator('#root .ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    assert.deepEqual(
      live.map((s) => s.trim()),
      painted,
      'the live table shows the rows the copy showed',
    );
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
    assert.ok(marks.indexOf('prepaint-rows') >= 0 && marks.indexOf('prepaint-rows') < marks.indexOf('prepaint-end'), marks.join());
    const once = (p: string) => seen.filter((s) => s === p).length;
    assert.equal(once('/api/order/list'), 1, 'the list is asked once');
    assert.equal(once('/api/order/count'), 1, 'the counts are asked once');
    assert.equal(once('/api/user/info'), 1, 'the user is asked once');
    assert.equal(once('/locales/zh-CN.json'), 1, 'the messages are fetched once');
    // live: a row action opens the detail drawer
    await liveRows(page).first().locator('[data-action=view]').click();
    await page.locator('.ant-drawer-open').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('current'), '2', 'the page stays in the URL');
    await ctx.close();
  });

  test('no copy without a valid session: the app goes to the sign-in page', async () => {
    const { ctx, page } = await newPage({ locale: 'zh-CN', storage: { Authorization: 'not-a-real-session-token-000000' } });
    await page.goto('/order');
    await expectPath(page, '/login', 20_000);
    assert.equal(await page.locator('#prepaint').count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('pp-on')), false);
    await page.locator('#username').waitFor();
    await ctx.close();
  });

  test('when the app cannot load, the copy gives way to a message saying so', async () => {
    const { ctx, page } = await pageAs('admin', { locale: 'zh-CN' });
    await page.route(APP_ENTRY, (r) => r.abort());
    await page.goto('/order');
    await page.locator('#root .boot', { hasText: '页面加载失败，请刷新重试' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#prepaint').count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('pp-on')), false);
    await ctx.close();
  });
});
