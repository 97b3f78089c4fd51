/**
 * New rows drawn in two steps (src/renderer/list/rows-in-view.ts) as a user sees them on /order at
 * 1440 × 900, both locales: after a reset or a status tab the rows in the window come first and the rest
 * right after, never a blank in the window; the pager stays where the full table puts it; the table
 * ends with all its rows (the right ones, each once) and no blank row left.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, pageAs } from './lib/browser';

after(closeBrowser);

/** Records, in every frame until `stop`: rows drawn, whether a blank row stands for more, and whether it reached into the window. */
const WATCH = `(() => {
  window.__frames = [];
  const f = () => {
    const body = [...document.querySelectorAll('#root .ant-table-tbody')].find((b) => b.checkVisibility());
    if (body) {
      const blank = body.querySelector('.list-rows-to-come');
      window.__frames.push({ rows: body.querySelectorAll('tr.ant-table-row').length, blank: !!blank, blankInView: !!blank && blank.getBoundingClientRect().top < innerHeight });
    }
    if (!window.__stop) requestAnimationFrame(f);
  };
  window.__stop = false;
  requestAnimationFrame(f);
})()`;

type Frame = { rows: number; blank: boolean; blankInView: boolean };

async function watched(page: Page, act: () => Promise<void>, done: () => Promise<unknown>): Promise<Frame[]> {
  await page.evaluate(WATCH);
  await act();
  await done();
  await page.waitForTimeout(300);
  return (await page.evaluate(`(window.__stop = true, window.__frames)`)) as Frame[];
}

const rowKeys = (page: Page) => page.locator('#root .ant-table-tbody tr.ant-table-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-key')));

describe('rows drawn as far as the window shows them first', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`reset and a status tab on /order: the window never shows a blank, the table ends whole (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      try {
        await page.goto('/order');
        const rows = page.locator('#root .ant-table-tbody tr.ant-table-row');
        await rows.nth(19).waitFor();
        await page.waitForTimeout(500);

        // a search down to one customer's orders, then reset: twenty rows again
        const first = await rows.first().getAttribute('data-row-key');
        await page.locator('.ant-pro-table-search button.ant-btn-primary').waitFor();
        await page.locator('.ant-pro-table-search input#customerName').fill('无此客户-000');
        await page.locator('.ant-pro-table-search button.ant-btn-primary').click();
        await page.locator('#root .ant-table-tbody .ant-empty').waitFor();
        const reset = await watched(
          page,
          () => page.locator('.ant-pro-table-search button.ant-btn-default').first().click(),
          () => rows.nth(19).waitFor(),
        );
        assert.ok(
          reset.some((f) => f.blank && f.rows > 0 && f.rows < 20),
          `the rows in the window came first (frames: ${JSON.stringify(reset)})`,
        );
        assert.ok(!reset.some((f) => f.blankInView), 'no frame showed a blank in the window');
        const last = reset.at(-1)!;
        assert.deepEqual([last.rows, last.blank], [20, false], 'all twenty rows, no blank left');
        assert.equal(await rows.first().getAttribute('data-row-key'), first, 'the first page again');
        const keys = await rowKeys(page);
        assert.equal(new Set(keys).size, 20, 'each record once');

        // the pager is below the whole table once the rest is drawn
        const pager = await page.locator('#root .list-pagination').boundingBox();
        const lastRow = await rows.nth(19).boundingBox();
        assert.ok(pager && lastRow && pager.y >= lastRow.y + lastRow.height, 'the pager under the last row');

        // a status tab: other records, again the window first and the table whole
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/list');
        const tab = await watched(
          page,
          () => page.locator('.ant-pro-table-list-toolbar .ant-tabs-tab').nth(1).click(),
          async () => {
            await answer;
            await page.waitForFunction(() => !document.querySelector('.list-rows-to-come') && !document.querySelector('#root .ant-spin-spinning'));
          },
        );
        assert.ok(!tab.some((f) => f.blankInView), `no frame showed a blank in the window (frames: ${JSON.stringify(tab)})`);
        const tabKeys = await rowKeys(page);
        assert.equal(new Set(tabKeys).size, tabKeys.length, 'each record once');
      } finally {
        await ctx.close();
      }
    });
  }
});
