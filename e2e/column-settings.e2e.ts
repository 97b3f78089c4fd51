/**
 * Column settings on /order, both locales: a column hidden in the settings leaves the table, the export
 * sends only the columns still shown, the choice is still there after a reload, and "reset" brings the
 * column back (ProTable keeps the settings; the console stores them per user and list).
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, pageAs, shot, STILL } from './lib/browser';
import { msg } from './lib/expect';

after(closeBrowser);

const headers = (page: Page) => page.locator('#root .ant-table-thead th').allInnerTexts();
const RESET = { 'zh-CN': '重置', 'en-US': 'Reset' } as const;

async function openSettings(page: Page) {
  await page.locator('.ant-pro-table-list-toolbar-setting-item .anticon-setting').click();
  // once it has zoomed in (STILL): a click while it moves can miss
  await page.locator(`.column-settings-item${STILL}`).first().waitFor();
}

describe('column settings', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`hide a column, export without it, kept after a reload, reset brings it back (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      try {
        const platform = msg(locale, 'order.platform');
        await page.goto('/order');
        await page.locator('#root .ant-table-tbody tr.ant-table-row').first().waitFor();
        assert.ok((await headers(page)).includes(platform), 'the platform column shows by default');

        await openSettings(page);
        await page.locator('.column-settings-item', { hasText: platform }).locator('.ant-checkbox').click();
        await page.waitForFunction((t) => ![...document.querySelectorAll('#root .ant-table-thead th')].some((th) => th.textContent === t), platform);
        await page.keyboard.press('Escape');
        await shot(page, `column-settings-hidden-${locale}`);

        const req = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/order/export');
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: msg(locale, 'order.export.action') }).click();
        const sent = (new URL((await req).url()).searchParams.get('columns') ?? '').split(',');
        await download;
        assert.ok(sent.length > 3 && !sent.includes('platform'), `the hidden column is not exported (${sent.join(',')})`);
        assert.ok(sent.includes('orderNo') && sent.includes('status'));

        await page.reload();
        await page.locator('#root .ant-table-tbody tr.ant-table-row').first().waitFor();
        assert.ok(!(await headers(page)).includes(platform), 'still hidden after a reload');

        await openSettings(page);
        await page.locator('.column-settings').getByText(RESET[locale], { exact: true }).click();
        await page.waitForFunction((t) => [...document.querySelectorAll('#root .ant-table-thead th')].some((th) => th.textContent === t), platform);
        await page.keyboard.press('Escape');
        await page.reload();
        await page.locator('#root .ant-table-tbody tr.ant-table-row').first().waitFor();
        assert.ok((await headers(page)).includes(platform), 'reset is stored too');
      } finally {
        await ctx.close();
      }
    });
  }
});
