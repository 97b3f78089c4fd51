/**
 * Batch actions (declared in the schemas' list.bulkActions): select rows, run a row action on each, see
 * every row's result — done, refused with the server's message, or not applicable and why — then the
 * list refreshed and the data changed only where it was done. Store audit and staff disable, both locales.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, pageAs, shot } from './lib/browser';
import { msg, until } from './lib/expect';
import { api, apiRaw, buttonName, formData, LOCALES, openOptions, rows, settledOptions, type Json } from './lib/merchant-helpers';
import { addOrderApi } from './lib/order-helpers';

after(closeBrowser);

const TAG = Date.now().toString(36).slice(-5);
const PUDONG = ['310000', '310100', '310115'];

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const batchRow = (scope: Locator, key: string) => scope.locator(`tr[data-row-key="${key}"]`);
const statusOf = async (scope: Locator, key: string) => (await batchRow(scope, key).locator('[data-batch-status]').getAttribute('data-batch-status')) ?? '';

/** Ticks every row on the page (header checkbox) and clicks the bulk action in the selection bar. */
async function runBulk(page: Page, label: string, count: number): Promise<Locator> {
  await page.locator('.ant-table-thead .ant-checkbox-input:visible').first().check();
  const bar = page.locator('.ant-pro-table-alert:visible');
  await bar.getByText(label, { exact: true }).click();
  const d = dialog(page);
  await d.waitFor();
  await until(
    () => d.locator('tr[data-row-key]').count(),
    (n) => n === count,
  );
  return d;
}

/** Waits until no row is waiting or running, and returns the summary line. */
async function finished(d: Locator): Promise<string> {
  await until(
    async () => d.locator('[data-batch-status="waiting"], [data-batch-status="running"]').count(),
    (n) => n === 0,
  );
  return d.locator('[data-batch-summary]').innerText();
}

describe('batch store audit', () => {
  for (const locale of LOCALES) {
    test(`a batch reject reports each row: done, refused by the server, not applicable (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      const prefix = `批审${TAG}${locale.slice(0, 2)}`;
      const merchant = await api(
        token,
        'POST',
        '/merchant/edit',
        formData({ name: `${prefix}商户`, contact: '钱多多', phone: '13700001234', status: 'enabled' }),
      );
      const make = (n: string) =>
        api(token, 'POST', '/merchant/franchiseStore/addOrEdit', {
          merchantId: merchant.id,
          name: `${prefix}${n}`,
          region: PUDONG,
          address: '张江路 9 号',
          contact: '孙小美',
          phone: '13700005678',
          serviceArea: ['310115'],
        }) as Promise<Json>;
      const [a, b, c, d] = [await make('甲'), await make('乙'), await make('丙'), await make('丁')];
      await api(token, 'POST', '/store/audit', { id: d.id, result: 'approved' }); // already audited: the action does not apply

      await page.goto(`/store?name=${encodeURIComponent(prefix)}`);
      await until(
        () => rows(page).count(),
        (n) => n === 4,
      );
      // Someone approves 丙 while this page shows it pending: the server refuses it, the others go on.
      await api(token, 'POST', '/store/audit', { id: c.id, result: 'approved' });

      const box = await runBulk(page, msg(locale, 'store.reject'), 4);
      assert.equal(await statusOf(box, d.id), 'skipped');
      const dText = await batchRow(box, d.id).innerText();
      assert.ok(dText.includes(msg(locale, 'renderer.batch.status.skipped')), dText);
      assert.ok(dText.includes(msg(locale, 'enum.auditStatus.approved')), `why 丁 is left out: ${dText}`);
      // the reason is asked once, for all rows; required
      await box.getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.run', { count: '3' })) }).click();
      await box.locator('.ant-form-item-explain-error').first().waitFor();
      assert.equal(await statusOf(box, a.id), 'waiting', 'nothing sent without a reason');
      await box.locator('textarea#reason, #reason').first().fill('证照不全');
      await box.getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.run', { count: '3' })) }).click();

      const summary = await finished(box);
      assert.equal(summary, msg(locale, 'renderer.batch.summary', { done: '2', refused: '1', skipped: '1' }));
      assert.equal(await statusOf(box, a.id), 'done');
      assert.equal(await statusOf(box, b.id), 'done');
      assert.equal(await statusOf(box, c.id), 'refused');
      // 丙's reason is the server's own message, in the user's language
      const refusal = await apiRaw(token, 'POST', '/store/audit', { id: c.id, result: 'rejected', reason: 'x' }, locale);
      assert.notEqual(refusal.code, 0);
      const cText = await batchRow(box, c.id).innerText();
      assert.ok(cText.includes(`${prefix}丙`) && cText.includes(refusal.msg), `丙: ${cText} / ${refusal.msg}`);
      assert.ok((await batchRow(box, a.id).innerText()).includes(msg(locale, 'renderer.batch.status.done')));
      await shot(page, `batch-store-reject-${locale}`);

      // retry sends the refused row again, with the same reason; it is still refused, the rest untouched
      await box.getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.retry', { count: '1' })) }).click();
      assert.equal(await finished(box), msg(locale, 'renderer.batch.summary', { done: '2', refused: '1', skipped: '1' }));

      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.close')) })
        .click();
      // the list is refreshed: 甲 and 乙 now show as rejected, the selection is cleared
      await until(
        () => rows(page).allInnerTexts(),
        (t) => t.filter((r) => r.includes(msg(locale, 'enum.auditStatus.rejected'))).length === 2,
      );
      assert.equal(await page.locator('.ant-pro-table-alert:visible').count(), 0, 'selection cleared');

      const now = async (s: Json) => (await api(token, 'GET', '/store/getById', { id: s.id })) as Json;
      assert.deepEqual(await Promise.all([a, b, c, d].map(async (s) => (await now(s)).auditStatus)), ['rejected', 'rejected', 'approved', 'approved']);
      // each rejection is in the store's audit log with the one reason
      for (const s of [a, b]) {
        const log = (await api(token, 'GET', '/store/audits', { id: s.id })) as Json[];
        assert.ok(
          log.some((l) => l.result === 'rejected' && l.reason === '证照不全'),
          JSON.stringify(log),
        );
      }
      await ctx.close();
    });
  }
});

describe('batch staff disable', () => {
  for (const locale of LOCALES) {
    test(`disables the enabled selected accounts; an already disabled one is reported as not applicable (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      const prefix = `bt${TAG}${locale.slice(0, 2).toLowerCase()}`;
      const made: Json[] = [];
      for (const [n, enabled] of [
        ['a', true],
        ['b', true],
        ['c', false],
      ] as const) {
        made.push(
          await api(token, 'POST', '/user/add', { username: `${prefix}${n}`, nickname: `批量${n}`, password: 'Passw0rd1', roles: ['finance'], enabled }),
        );
      }
      await page.goto(`/staff?username=${prefix}`);
      await until(
        () => rows(page).count(),
        (n) => n === 3,
      );
      const box = await runBulk(page, msg(locale, 'staff.disable'), 3);
      assert.equal(await statusOf(box, made[2].id), 'skipped');
      assert.ok((await batchRow(box, made[2].id).innerText()).includes(msg(locale, 'enum.userStatus.disabled')));
      await box.getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.run', { count: '2' })) }).click();
      assert.equal(await finished(box), msg(locale, 'renderer.batch.summary', { done: '2', refused: '0', skipped: '1' }));
      assert.equal(await box.getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.retry', { count: '0' })) }).count(), 0);
      await shot(page, `batch-staff-disable-${locale}`);
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.close')) })
        .click();

      const users = ((await api(token, 'GET', '/user/list', { username: prefix, current: 1, pageSize: 20 })).list as Json[]).sort((x, y) =>
        String(x.username).localeCompare(String(y.username)),
      );
      assert.deepEqual(
        users.map((u) => [u.username, u.enabled]),
        [
          [`${prefix}a`, false],
          [`${prefix}b`, false],
          [`${prefix}c`, false],
        ],
      );
      await until(
        () => rows(page).allInnerTexts(),
        (t) => t.length === 3 && t.every((r) => r.includes(msg(locale, 'enum.userStatus.disabled'))),
      );
      await ctx.close();
    });
  }
});

describe('batch order assign and close', () => {
  for (const locale of LOCALES) {
    test(`assigns the selected orders to one store (another merchant's order refused), then closes them with one reason (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      const prefix = `批派${TAG}${locale.slice(0, 2)}`;
      const merchant = (n: string) =>
        api(token, 'POST', '/merchant/edit', formData({ name: `${prefix}${n}`, contact: '钱多多', phone: '13700001234', status: 'enabled' }));
      const [ma, mb] = [await merchant('甲商户'), await merchant('乙商户')];
      const store = await api(token, 'POST', '/merchant/franchiseStore/addOrEdit', {
        merchantId: ma.id,
        name: `${prefix}甲门店`,
        region: PUDONG,
        address: '张江路 9 号',
        contact: '孙小美',
        phone: '13700005678',
        serviceArea: ['310115'],
      });
      await api(token, 'POST', '/store/audit', { id: store.id, result: 'approved' });
      const order = (m: Json, n: string) =>
        addOrderApi(token, {
          merchantId: m.id,
          productTitle: '空调清洗',
          customerName: `${prefix}${n}`,
          customerPhone: '13911112222',
          region: PUDONG,
          address: '张江路 1 号',
          paidAmount: '99.00',
        });
      const [o1, o2, o3] = [await order(ma, '一'), await order(ma, '二'), await order(mb, '三')];

      await page.goto(`/order?customerName=${encodeURIComponent(prefix)}`);
      await until(
        () => rows(page).count(),
        (n) => n === 3,
      );
      let box = await runBulk(page, msg(locale, 'order.assignManual'), 3);
      // one merchant and one store for all rows
      await box.locator('#merchantId').click();
      await box.locator('#merchantId').pressSequentially(`${prefix}甲`);
      // the typed keyword's own answer (only 甲 matches it): an earlier keyword's list also holds 甲 and
      // 乙, and a click as it is swapped for the final one can land between options and pick nothing
      await settledOptions(page, (l) => JSON.stringify(l) === JSON.stringify([`${prefix}甲商户`]));
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${prefix}甲商户` }).click();
      await box
        .locator('.ant-form-item', { has: page.locator('#merchantId') })
        .locator('.ant-select-selection-item', { hasText: `${prefix}甲商户` })
        .waitFor();
      const offered = await openOptions(page, box.locator('#storeId'));
      assert.deepEqual(offered, [`${prefix}甲门店`], "the merchant's assignable store");
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${prefix}甲门店` }).click();
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.run', { count: '3' })) })
        .click();
      assert.equal(await finished(box), msg(locale, 'renderer.batch.summary', { done: '2', refused: '1', skipped: '0' }));
      const mismatch = await apiRaw(token, 'POST', '/order/assign/manual', { id: o3.id, merchantId: ma.id, storeId: store.id }, locale);
      assert.notEqual(mismatch.code, 0);
      assert.equal(await statusOf(box, o3.id), 'refused');
      assert.ok((await batchRow(box, o3.id).innerText()).includes(mismatch.msg), mismatch.msg);
      assert.ok((await batchRow(box, o3.id).innerText()).includes(o3.orderNo), 'the row is named by its order no');
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.close')) })
        .click();
      const get = async (o: Json) => (await api(token, 'GET', '/order/getById', { id: o.id })) as Json;
      const after = await Promise.all([o1, o2, o3].map(get));
      assert.deepEqual(
        after.map((o) => [o.status, o.storeId ?? null]),
        [
          ['assigned', store.id],
          ['assigned', store.id],
          ['pending', null],
        ],
      );

      // close: 三 is closed meanwhile by the API, the refreshed list shows it, the batch leaves it out
      await api(token, 'POST', '/order/close', { id: o3.id, reason: '重复下单' });
      await page.reload();
      await until(
        () => rows(page).allInnerTexts(),
        (t) => t.length === 3 && t.some((r) => r.includes(msg(locale, 'enum.orderStatus.closed'))),
      );
      box = await runBulk(page, msg(locale, 'order.close'), 3);
      assert.equal(await statusOf(box, o3.id), 'skipped');
      await box.locator('#reason').fill('客户取消');
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.batch.run', { count: '2' })) })
        .click();
      assert.equal(await finished(box), msg(locale, 'renderer.batch.summary', { done: '2', refused: '0', skipped: '1' }));
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(msg(locale, 'renderer.close')) })
        .click();
      assert.deepEqual(
        (await Promise.all([o1, o2, o3].map(get))).map((o) => o.status),
        ['closed', 'closed', 'closed'],
      );
      await ctx.close();
    });
  }
});
