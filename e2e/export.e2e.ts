/** Export from any list: the file holds the filtered rows and the visible columns, headers in the user's locale. */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { closeBrowser, pageAs } from './lib/browser';
import { msg, until } from './lib/expect';

after(closeBrowser);

describe('export', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`a filtered store list exports exactly its rows (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.goto('/store?auditStatus=pending');
      await page.locator('tr.ant-table-row:visible').first().waitFor();
      const totalText = await until(
        () => page.locator('.ant-pagination-total-text:visible').first().innerText(),
        (s) => /\d/.test(s),
      );
      const total = Number(totalText.replace(/[^\d]/g, ''));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
      // the success message names the rows exported
      await page.locator('.ant-message', { hasText: String(total) }).waitFor();
      const file = await download.path();
      assert.ok(file, 'downloaded');
      assert.match(download.suggestedFilename(), new RegExp(`^${msg(locale, 'menu.store')}-\\d{14}\\.xlsx$`));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const ws = wb.worksheets[0];
      assert.equal(ws.rowCount - 1, total, 'one row per store in the filtered list');
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      assert.ok(header.includes(msg(locale, 'store.auditStatus')), `header in ${locale}: ${header.join('|')}`);
      const col = header.indexOf(msg(locale, 'store.auditStatus')) + 1;
      for (let r = 2; r <= ws.rowCount; r++) assert.equal(ws.getRow(r).getCell(col).value, msg(locale, 'enum.auditStatus.pending'));
      await ctx.close();
    });
  }
});
