/** The operation log (admin): a change made in this test shows with its before → after, in both locales; other roles have no such menu. */
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
