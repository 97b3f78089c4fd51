/** The workbench on /index: each to-do count equals the total of the filtered list its card opens, in both locales; figures and recent actions show. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, pageAs, shot } from './lib/browser';
import { callApi } from './lib/api';
import { msg, until } from './lib/expect';

after(closeBrowser);

/** The "共 N 条" / "Total N items" of the list's pager. */
async function pagerTotal(page: import('playwright-core').Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text:visible').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

describe('workbench', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`admin: to-do cards link to their filtered list with the same count (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      await page.goto('/index');
      const card = page.getByTestId('todo-order.0');
      await card.waitFor();
      const cards = (await callApi(token, 'GET', '/workbench/todos', {}, { locale })).data as { key: string; title: string; count: number }[];
      const pending = cards.find((c) => c.key === 'order.0')!;
      assert.equal(pending.title, msg(locale, 'order.todo.pending'));
      assert.ok((await card.innerText()).includes(String(pending.count)), 'card shows the count');
      await page.getByTestId('figure-orders').waitFor();
      await shot(page, `workbench-admin-${locale}`);
      await card.click();
      await page.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('tab') === 'pending');
      await page.locator('tr.ant-table-row:visible').first().waitFor();
      const total = await until(
        () => pagerTotal(page),
        (n) => n === pending.count,
      );
      assert.equal(total, pending.count);
      await ctx.close();
    });
  }

  test('a store audited elsewhere leaves the card, and shows in my recent actions, without a reload', async () => {
    const { ctx, page, token } = await pageAs('admin');
    await page.goto('/index');
    const card = page.getByTestId('todo-store.0');
    await card.waitFor();
    const before = Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/[^\d]/g, ''));
    const pending = await callApi(token, 'GET', '/store/list', { auditStatus: 'pending', pageSize: 1 });
    const store = pending.data.list[0];
    assert.equal((await callApi(token, 'POST', '/store/audit', { id: store.id, result: 'approved' })).code, 0);
    // the workbench refreshes when the window regains focus
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const after = await until(
      async () => Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/[^\d]/g, '')),
      (n) => n === before - 1,
    );
    assert.equal(after, before - 1);
    await until(
      () => page.getByTestId('recent-action').first().innerText(),
      (s) => s.includes(String(store.id)),
    );
    await ctx.close();
  });

  test('dispatcher: only its own order to-dos, no figures', async () => {
    const { ctx, page } = await pageAs('dispatcher');
    await page.goto('/index');
    await page.getByTestId('todo-order.2').waitFor();
    assert.equal(await page.getByTestId('todo-store.0').count(), 0);
    assert.equal(await page.getByTestId('figure-orders').count(), 0);
    await shot(page, 'workbench-dispatcher');
    await ctx.close();
  });
});
