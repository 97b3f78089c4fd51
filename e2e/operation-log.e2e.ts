/**
 * The operation log (admin): a change made in this test shows with its before → after, in both locales;
 * each row says what was done; a new record's 64-bit id stays exact and its times read in the locale's
 * format; other roles have no such menu.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { apiToken, closeBrowser, pageAs, shot } from './lib/browser';
import { callApi } from './lib/api';
import { menuLabels, msg, until } from './lib/expect';

after(closeBrowser);

describe('operation log', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`a staff edit made now is listed first with its before → after (${locale})`, async () => {
      const admin = await apiToken('admin', 'admin123');
      // a staff member of this test's own: the demo accounts keep their names for the other files
      const username = `oplog${locale === 'zh-CN' ? 'z' : 'e'}${Date.now() % 1_000_000}`;
      const added = await callApi(admin, 'POST', '/user/add', { username, nickname: '审计员', password: 'Passw0rd1', roles: ['finance'], enabled: true });
      assert.equal(added.code, 0, added.msg);
      const staff = await callApi(admin, 'GET', '/user/list', { username });
      const row = staff.data.list[0];
      const nickname = `${row.nickname}${Date.now() % 1000}`;
      const edit = await callApi(admin, 'POST', '/user/edit', { id: row.id, nickname });
      assert.equal(edit.code, 0, edit.msg);

      const { ctx, page } = await pageAs('admin', { locale });
      // the sign-in of this page is newer than the edit: filter by the action, as a user would
      await page.goto('/operationLog?operation=staff.edit');
      const first = page.locator('tr.ant-table-row:visible').first();
      await first.waitFor();
      // the row comes with the list; its module and operation names with their options, a request
      // of their own: the row as it reads once both are in
      const text = await until(
        () => first.innerText(),
        (s) => s.includes(nickname) && s.includes(msg(locale, 'menu.staff')),
      );
      assert.ok(text.includes(nickname), `first row shows the new name: ${text}`);
      assert.ok(text.includes(row.nickname), `and the old one: ${text}`);
      assert.ok(text.includes(msg(locale, 'menu.staff')), `module named: ${text}`);
      assert.ok(text.includes(msg(locale, 'enum.auditKind.write')));
      await shot(page, `operation-log-${locale}`);
      await ctx.close();
    });
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`a staff add reads as module · action in its row, with the id exact and times local in the drawer (${locale})`, async () => {
      const admin = await apiToken('admin', 'admin123');
      const username = `oplogn${locale === 'zh-CN' ? 'z' : 'e'}${Date.now() % 1_000_000}`;
      const added = await callApi(admin, 'POST', '/user/add', { username, nickname: '审计员', password: 'Passw0rd1', roles: ['finance'], enabled: true });
      assert.equal(added.code, 0, added.msg);
      const id = String(added.data.id);
      assert.match(id, /^\d{16,19}$/);
      const options = await callApi(admin, 'GET', '/dict/auditOperation', {}, { locale });
      const action = (options.data as { value: string; label: string }[]).find((o) => o.value === 'staff.add')!.label;
      const log = await callApi(admin, 'GET', '/operationLog/list', { operation: 'staff.add', recordId: id }, { locale });
      const createdLabel = (log.data.list[0].changes as { field: string; label: string }[]).find((l) => l.field === 'createdAt')!.label;

      const { ctx, page } = await pageAs('admin', { locale });
      await page.goto(`/operationLog?operation=staff.add&recordId=${id}`);
      const row = page.locator('tr.ant-table-row:visible').first();
      await row.waitFor();
      const headers = await page.locator('thead th').allInnerTexts();
      const col = headers.findIndex((h) => h.trim() === msg(locale, 'operationLog.operation'));
      assert.ok(col >= 0, `an action column: ${headers.join(' | ')}`);
      // the row says what was done (module · action), not only a link to the detail
      const shown = await until(
        () => row.locator('td').nth(col).innerText(),
        (s) => s.trim() === action,
      );
      assert.equal(shown.trim(), action);
      await row.getByText(msg(locale, 'common.view'), { exact: true }).click();
      const changes = page.locator('.ant-drawer-body [data-testid="audit-changes"]').first();
      await changes.waitFor();
      const text = await until(
        () => changes.innerText(),
        (s) => s.includes(createdLabel),
      );
      assert.ok(!/\d{2}:\d{2}:\d{2}\.\d{3}Z/.test(text), `no UTC ISO time: ${text}`);
      assert.ok(text.includes(id), `the id exactly as created (${id}): ${text}`);
      const created = text.split('\n').find((l) => l.includes(createdLabel)) ?? '';
      const local = locale === 'zh-CN' ? /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ : /[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}$/;
      assert.match(created, local, `creation time in the locale's format, not UTC ISO: ${created}`);
      assert.ok(!created.includes(String(added.data.createdAt)), created);
      await shot(page, `operation-log-add-${locale}`);
      await ctx.close();
    });
  }

  test('finance has no operation log in the menu and is refused on the route', async () => {
    const { ctx, page } = await pageAs('finance');
    await page.goto('/order');
    await page.locator('tr.ant-table-row:visible').first().waitFor();
    assert.ok(!(await menuLabels(page)).includes(msg('zh-CN', 'menu.operationLog')));
    await page.goto('/operationLog');
    await page.getByText('403').first().waitFor();
    await ctx.close();
  });
});
