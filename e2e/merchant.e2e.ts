/**
 * Merchants, franchise stores, store audit and file upload (issue "Merchants, franchise stores, store
 * audit, dictionaries and file upload"): the admin flow in both locales (merchant with a logo made here
 * → list and detail with the account number masked → a franchise store under it, pending audit → not
 * offered for an order of that merchant → approved on /store → offered and assigned), the audit rules
 * (a rejection needs a reason; the store's audit log), upload refusals and preview/removal, read-only
 * finance and the dispatcher's 403, and search-as-you-type in dictionary-backed selects.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE, closeBrowser, pageAs, shot } from './lib/browser';
import { eventuallyEqual, msg, until } from './lib/expect';
import { recordApi } from './lib/intercept';
import {
  api,
  apiRaw,
  buttonName,
  closeDrawer,
  detailValue,
  drawer,
  errorsIn,
  expandSearch,
  formData,
  keyOf,
  LOCALES,
  makePng,
  merchantByName,
  messages,
  modal,
  okButton,
  openMenu,
  openOptions,
  pickRegion,
  rowActionLabels,
  rows,
  runRowAction,
  searchBy,
  searchForm,
  seeMessage,
  settledOptions,
  storeByName,
  type Json,
  type Locale,
} from './lib/merchant-helpers';

after(closeBrowser);

/** Run-unique suffix: names created here never collide with seeded data or an earlier run. */
const TAG = Date.now().toString(36).slice(-6);
const PUDONG = ['310000', '310100', '310115']; // 上海市 / 市辖区 / 浦东新区
const ACCOUNT = '6222020200112233';
const MASKED = '6222 **** **** 2233';

/** A merchant and one pending store of it, made through the API (for tests not about creating them). */
async function merchantWithPendingStore(token: string, label: string): Promise<{ merchant: Json; store: Json }> {
  const merchant = await api(
    token,
    'POST',
    '/merchant/edit',
    formData({ name: `端测商户${label}${TAG}`, contact: '钱多多', phone: '13700001234', status: 'enabled' }),
  );
  const store = await api(token, 'POST', '/merchant/franchiseStore/addOrEdit', {
    merchantId: merchant.id,
    name: `端测门店${label}${TAG}`,
    region: PUDONG,
    address: '张江路 9 号',
    contact: '孙小美',
    phone: '13700005678',
    serviceArea: ['310115'],
  });
  assert.equal(store.auditStatus, 'pending');
  return { merchant, store };
}

/**
 * The store select of the order's manual-assign dialog: its options once loaded and settled on what
 * `expect` wants (the dialog first asks without the merchant, then with it), dialog closed again.
 */
async function assignOptions(page: Page, locale: Locale, orderNo: string, expect: (labels: string[]) => boolean): Promise<string[]> {
  const row = rows(page).filter({ hasText: orderNo });
  await runRowAction(page, locale, row, msg(locale, 'order.assignManual'));
  const m = modal(page);
  await m.getByText(msg(locale, 'order.assignManualTitle'), { exact: true }).waitFor();
  assert.ok((await m.innerText()).includes(orderNo), 'the dialog names the order');
  await openOptions(page, m.locator('#storeId'));
  const labels = await settledOptions(page, expect);
  await page.keyboard.press('Escape');
  await m.getByRole('button', { name: buttonName(msg(locale, 'renderer.cancel')) }).click();
  await m.waitFor({ state: 'hidden' });
  return labels;
}

describe('merchant → franchise store → audit → order assignment (admin)', () => {
  for (const locale of LOCALES) {
    test(`create a merchant with a logo, add a franchise store, approve it, assign an order to it (${locale})`, async () => {
      const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
      const { ctx, page, token } = await pageAs('admin', { locale });
      const me = await api(token, 'GET', '/user/info');
      const mName = `端测商户${locale === 'zh-CN' ? '甲' : 'B'}${TAG}`;
      const sName = `端测门店${locale === 'zh-CN' ? '甲' : 'B'}${TAG}`;
      const png = makePng(6, 4);

      // --- the merchant, through the add drawer of /merchant
      await page.goto('/merchant');
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: buttonName(t('merchant.add')) }).click();
      let d = drawer(page);
      await d.getByText(t('merchant.addTitle'), { exact: true }).waitFor();
      await d.locator('#name').fill(mName);
      await d.locator('#contact').fill('周立波');
      await d.locator('#phone').fill('13912345678');
      await d.locator('#bankName').fill('招商银行上海分行');
      await d.locator('#bankAccountName').fill(mName);
      await d.locator('#bankAccountNo').fill(ACCOUNT);
      await d.locator('input#logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      const thumb = d.locator('.ant-upload-list-item-done img');
      await thumb.waitFor();
      const logoKey = keyOf(await thumb.getAttribute('src'));
      assert.ok(logoKey, 'the preview shows the uploaded file');
      await okButton(d, locale).click();
      await seeMessage(page, t('merchant.addSuccess'));
      await d.waitFor({ state: 'hidden' });

      // what was stored: the logo is the uploaded PNG, the account number never leaves unmasked in reads
      const merchant = await merchantByName(token, mName);
      assert.equal(merchant.logo, logoKey, 'the logo is the uploaded file');
      assert.equal(merchant.bankAccountNoMasked, MASKED);
      assert.equal(merchant.bankAccountNo, undefined, 'list rows carry no unmasked account number');
      assert.equal(merchant.status, 'enabled');
      const file = await fetch(`${BASE()}/api/public/file?key=${logoKey}`);
      assert.equal(file.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), png, 'the stored logo is byte for byte the PNG sent');

      // --- the list: one row with the logo; the account number appears nowhere unmasked
      const listed = page.waitForResponse((r) => r.url().includes('/api/merchant/list') && r.url().includes('name='));
      await searchBy(page, locale, 'name', mName);
      const listText = await (await listed).text();
      assert.ok(!listText.includes(ACCOUNT) && listText.includes(MASKED), 'the list answer holds the masked number only');
      await eventuallyEqual(async () => (await rows(page).allInnerTexts()).length, 1, 'one row for the new merchant');
      const row = rows(page).first();
      const rowText = await row.innerText();
      for (const want of [mName, '周立波', '13912345678', t('enum.enableStatus.enabled')]) assert.ok(rowText.includes(want), `row shows ${want}: ${rowText}`);
      assert.ok(!(await page.locator('body').innerText()).includes(ACCOUNT), 'no unmasked account number on the page');
      const logo = row.locator('img');
      assert.equal(keyOf(await logo.getAttribute('src')), logoKey, 'the row shows the logo');
      await until(
        () => logo.evaluate((i: HTMLImageElement) => i.naturalWidth),
        (w) => w === 6,
      );
      assert.equal(await logo.evaluate((i: HTMLImageElement) => i.naturalWidth), 6, 'the logo image loads');
      await shot(page, `merchant-list-${locale}`);

      // --- the detail: settlement account masked; add a franchise store in its section
      await row.getByText(t('common.view'), { exact: true }).click();
      d = drawer(page);
      await d.getByText(t('merchant.sectionSettlement'), { exact: true }).waitFor();
      await until(
        () => d.innerText(),
        (x) => x.includes(MASKED),
      );
      assert.equal(await detailValue(d, t('merchant.bankAccountNo')), MASKED);
      assert.ok(!(await d.innerText()).includes(ACCOUNT), 'the detail never shows the full account number');
      await d.getByText(t('merchant.noStores')).waitFor();
      await d.getByRole('button', { name: buttonName(t('merchant.storeAdd')) }).click();
      let m = modal(page);
      await m.getByText(t('merchant.storeAddTitle'), { exact: true }).waitFor();
      await until(
        () => m.innerText(),
        (x) => x.includes(mName),
      );
      assert.ok((await m.innerText()).includes(mName), 'the form names the merchant it adds to');
      await m.locator('#name').fill(sName);
      await pickRegion(page, m.locator('#region'), '浦东', '浦东新区');
      await m.locator('#contact').fill('吴店长');
      await m.locator('#phone').fill('13800138000');
      await m.locator('#address').fill('张江路 100 号');
      await pickRegion(page, m.locator('#serviceArea'), '浦东', '浦东新区');
      await m.locator('.ant-modal-title').click();
      await okButton(m, locale).click();
      await seeMessage(page, t('merchant.storeSaved'));
      await m.waitFor({ state: 'hidden' });
      const storeRow = d.locator('tr.ant-table-row', { hasText: sName });
      await storeRow.waitFor();
      assert.ok((await storeRow.innerText()).includes(t('enum.auditStatus.pending')), 'the new store shows as pending audit');
      await shot(page, `merchant-franchise-store-${locale}`);
      const store = await storeByName(token, sName);
      assert.equal(store.merchantId, merchant.id);
      assert.equal(store.auditStatus, 'pending');
      assert.deepEqual(store.region, PUDONG);
      assert.deepEqual(store.serviceArea, ['310115']);
      await closeDrawer(page);

      // --- an order of the new merchant (multipart, as the add form sends it)
      const order = await api(
        token,
        'POST',
        '/order/add',
        formData({
          merchantId: merchant.id,
          productTitle: '空调清洗',
          customerName: '顾客乙',
          customerPhone: '13911112222',
          region: PUDONG,
          address: '张江路 1 号',
          paidAmount: '99.00',
        }),
      );
      assert.equal(order.status, 'pending');

      // while the store is pending audit, the manual-assign dialog does not offer it
      await openMenu(page, locale, 'order');
      await searchBy(page, locale, 'orderNo', order.orderNo);
      await until(
        () => rows(page).allInnerTexts(),
        (r) => r.length === 1 && r[0]!.includes(order.orderNo),
      );
      const before = await assignOptions(page, locale, order.orderNo, (l) => l.length === 0);
      assert.deepEqual(before, [], "the merchant's only store is pending audit: nothing to offer");

      // --- /store: the store is pending; approve it (confirm dialog)
      await openMenu(page, locale, 'store');
      await searchBy(page, locale, 'name', sName);
      await until(
        () => rows(page).allInnerTexts(),
        (r) => r.length === 1 && r[0]!.includes(sName),
      );
      const sRow = rows(page).first();
      assert.ok((await sRow.innerText()).includes(t('enum.auditStatus.pending')));
      assert.ok((await sRow.innerText()).includes(mName), 'the store row names its merchant');
      await runRowAction(page, locale, sRow, t('store.approve'));
      const confirm = page.locator('.ant-modal-confirm:visible, .ant-popover:visible').last();
      await confirm.getByText(t('store.approveConfirm')).waitFor();
      await okButton(confirm, locale).click();
      await seeMessage(page, t('store.approveSuccess'));
      await until(
        () => sRow.innerText(),
        (x) => x.includes(t('enum.auditStatus.approved')),
      );
      assert.ok((await sRow.innerText()).includes(t('enum.auditStatus.approved')), 'the row shows approved');
      await eventuallyEqual(() => rowActionLabels(page, locale, sRow), [t('common.view'), t('common.edit')], 'no audit actions once approved');
      assert.equal((await storeByName(token, sName)).auditStatus, 'approved');
      // its detail logs the approval: who and the result
      await sRow.getByText(t('common.view'), { exact: true }).click();
      d = drawer(page);
      const log = d.locator('.ant-timeline-item');
      await log.first().waitFor();
      assert.equal(await log.count(), 1, 'one audit entry');
      const entry = await log.first().innerText();
      for (const want of [t('store.approve'), me.nickname, t('enum.auditStatus.pending'), t('enum.auditStatus.approved')])
        assert.ok(entry.includes(want), `audit entry shows ${want}: ${entry}`);
      await closeDrawer(page);

      // --- back on /order (kept alive): the approved store is offered; assign the order to it
      await openMenu(page, locale, 'order');
      const oRow = rows(page).filter({ hasText: order.orderNo });
      await oRow.waitFor();
      const offered = await assignOptions(page, locale, order.orderNo, (l) => l.length === 1 && l[0] === sName);
      assert.deepEqual(offered, [sName], "the approved store of the order's merchant is offered, and only it");
      await runRowAction(page, locale, oRow, t('order.assignManual'));
      m = modal(page);
      await openOptions(page, m.locator('#storeId'));
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: sName }).click();
      await okButton(m, locale).click();
      await seeMessage(page, t('order.assignSuccess'));
      await m.waitFor({ state: 'hidden' });
      await until(
        () => oRow.innerText(),
        (x) => x.includes(sName) && x.includes(t('enum.orderStatus.assigned')),
      );
      const oText = await oRow.innerText();
      assert.ok(oText.includes(sName) && oText.includes(t('enum.orderStatus.assigned')), `the order row shows the store and status: ${oText}`);
      const saved = await api(token, 'GET', '/order/getById', { id: order.id });
      assert.equal(saved.status, 'assigned');
      assert.equal(String(saved.storeId), String(store.id), 'assigned to the new store');
      await shot(page, `merchant-order-assigned-${locale}`);
      await ctx.close();
    });
  }
});

describe('store audit rules', () => {
  test('a rejection needs a reason; the store detail shows the audit log (who, result, reason)', async () => {
    const locale: Locale = 'zh-CN';
    const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
    const { ctx, page, token } = await pageAs('admin', { locale });
    const me = await api(token, 'GET', '/user/info');
    const { store } = await merchantWithPendingStore(token, '驳');
    const sent = recordApi(page);
    await page.goto(`/store?name=${encodeURIComponent(store.name)}`);
    await until(
      () => rows(page).allInnerTexts(),
      (r) => r.length === 1 && r[0]!.includes(store.name),
    );
    const row = rows(page).first();
    await eventuallyEqual(() => rowActionLabels(page, locale, row), [t('common.view'), t('common.edit'), t('store.approve'), t('store.reject')]);

    await runRowAction(page, locale, row, t('store.reject'));
    const m = modal(page);
    await m.getByText(t('store.rejectTitle'), { exact: true }).waitFor();
    const required = t('renderer.rule.required', { field: t('store.reason') });
    await okButton(m, locale).click();
    await until(
      () => errorsIn(m),
      (e) => e.includes(required),
    );
    assert.deepEqual(await errorsIn(m), [required], 'empty reason refused with a message');
    await m.locator('#reason').fill('   ');
    await okButton(m, locale).click();
    await page.waitForTimeout(400);
    assert.deepEqual(await errorsIn(m), [required], 'a reason of spaces is no reason');
    assert.equal(sent.filter((r) => r.path === '/api/store/audit').length, 0, 'nothing sent while the reason is missing');
    assert.equal((await storeByName(token, store.name)).auditStatus, 'pending');
    await shot(page, 'store-reject-reason-required');

    const reason = '门头照片与营业执照名称不一致，请补充材料';
    await m.locator('#reason').fill(reason);
    await until(
      () => errorsIn(m),
      (e) => e.length === 0,
    );
    await okButton(m, locale).click();
    await seeMessage(page, t('store.rejectSuccess'));
    await m.waitFor({ state: 'hidden' });
    await until(
      () => row.innerText(),
      (x) => x.includes(t('enum.auditStatus.rejected')),
    );
    assert.ok((await row.innerText()).includes(t('enum.auditStatus.rejected')));
    await eventuallyEqual(() => rowActionLabels(page, locale, row), [t('common.view'), t('common.edit')], 'no audit actions once rejected');
    const saved = await storeByName(token, store.name);
    assert.equal(saved.auditStatus, 'rejected');
    assert.equal(saved.auditReason, reason);

    // the detail: audit state and reason, and the log entry with who, the result and the reason
    await row.getByText(t('common.view'), { exact: true }).click();
    const d = drawer(page);
    await d.getByText(t('store.sectionAuditLogs'), { exact: true }).waitFor();
    assert.equal(await detailValue(d, t('store.auditStatus')), t('enum.auditStatus.rejected'));
    assert.equal(await detailValue(d, t('store.auditReason')), reason);
    const log = d.locator('.ant-timeline-item');
    await log.first().waitFor();
    assert.equal(await log.count(), 1, 'one audit entry');
    const entry = await log.first().innerText();
    for (const want of [t('store.reject'), me.nickname, t('enum.auditStatus.pending'), t('enum.auditStatus.rejected'), reason])
      assert.ok(entry.includes(want), `audit entry shows ${want}: ${entry}`);
    await shot(page, 'store-audit-log');

    // a second audit of a rejected store is refused by the server with a message naming the state
    const again = await apiRaw(token, 'POST', '/store/audit', { id: store.id, result: 'approved' });
    assert.equal(again.status, 409);
    assert.ok(again.msg.includes(t('enum.auditStatus.rejected')), `409 names the current state: ${again.msg}`);
    await ctx.close();
  });
});

describe('file upload', () => {
  for (const locale of LOCALES) {
    test(`a disguised or oversize file is refused naming the limit; a valid image previews and can be removed (${locale})`, async () => {
      const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
      const { ctx, page, token } = await pageAs('admin', { locale });
      const sent = recordApi(page);
      const uploads = () => sent.filter((r) => r.path === '/api/file/upload').length;
      await page.goto('/merchant');
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: buttonName(t('merchant.add')) }).click();
      const d = drawer(page);
      await d.getByText(t('merchant.addTitle'), { exact: true }).waitFor();
      // the item by its label (antd moves the input's id away while a file is shown)
      const logoItem = d.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label', { hasText: t('merchant.logo') }) });
      const items = logoItem.locator('.ant-upload-list-item');
      const input = d.locator('input#logo');

      // text bytes under a .png name: sent, refused by the content sniffing, the message names the accepted types
      await input.setInputFiles({ name: 'disguised.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not an image at all\n'.repeat(20)) });
      const refusal = page.locator('.ant-message-notice-content', { hasText: 'disguised.png' });
      await refusal.waitFor();
      const refusalText = await refusal.innerText();
      for (const want of ['PNG', 'JPEG', 'WebP']) assert.ok(refusalText.includes(want), `the refusal names the allowed types: ${refusalText}`);
      assert.equal(uploads(), 1, 'the disguised file was sent and refused by the server');
      await eventuallyEqual(() => items.count(), 0, 'a refused file is not kept in the form');

      // a real PNG padded to 10 MB + 1 byte (only its size is wrong): refused before sending, naming the 10 MB limit
      const header = makePng(2, 2);
      const huge = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length, 7)]);
      await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
      await seeMessage(page, t('renderer.upload.tooLarge', { name: 'huge.png', max: '10' }));
      assert.ok(t('renderer.upload.tooLarge', { name: 'huge.png', max: '10' }).includes('10 MB'));
      assert.equal(uploads(), 1, 'an oversize file is not sent');
      assert.equal(await items.count(), 0);
      await shot(page, `upload-refused-${locale}`);
      // the server refuses it too, naming the limit (a client without the check gets the same answer)
      const direct = new FormData();
      direct.append('file', new Blob([huge], { type: 'image/png' }), 'huge.png');
      const big = await apiRaw(token, 'POST', '/file/upload', direct, locale);
      assert.equal(big.status, 413);
      assert.ok(big.msg.includes('10'), `413 names the limit: ${big.msg}`);

      // a real PNG: uploaded, previewed from the server, then removed
      const png = makePng(5, 3, [200, 30, 30]);
      await input.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: png });
      const thumb = logoItem.locator('.ant-upload-list-item-done img');
      await thumb.waitFor();
      await until(
        () => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth),
        (w) => w === 5,
      );
      assert.equal(await thumb.evaluate((i: HTMLImageElement) => i.naturalWidth), 5, 'the preview is the uploaded image');
      const key = keyOf(await thumb.getAttribute('src'));
      assert.ok(key);
      assert.equal(keyOf(await logoItem.locator('.ant-upload-list-item-actions a').first().getAttribute('href')), key, 'the preview action opens the file');
      assert.equal(await logoItem.locator('.ant-upload-select:visible').count(), 0, 'one logo only: no second upload button');
      await items.first().hover();
      await items.first().locator('.ant-upload-list-item-actions button').click();
      await eventuallyEqual(() => items.count(), 0, 'the image is removed');
      await logoItem.locator('.ant-upload-select:visible').waitFor();
      await shot(page, `upload-removed-${locale}`);

      // saving now stores no logo (the removal cleared the form value)
      const name = `端测无标商户${locale === 'zh-CN' ? '甲' : 'B'}${TAG}`;
      await d.locator('#name').fill(name);
      await d.locator('#contact').fill('郑好');
      await d.locator('#phone').fill('13500001111');
      await okButton(d, locale).click();
      await seeMessage(page, t('merchant.addSuccess'));
      await d.waitFor({ state: 'hidden' });
      assert.equal((await merchantByName(token, name)).logo, null, 'no logo stored after removing it');
      const notes = await messages(page);
      assert.ok(!notes.some((n) => n.includes('ok.png')), `no error about the valid image: ${notes.join(' | ')}`);
      await ctx.close();
    });
  }
});

describe('merchants and stores by role', () => {
  test('finance sees /merchant and /store read-only: no add, edit or audit', async () => {
    const locale: Locale = 'zh-CN';
    const t = (key: string) => msg(locale, key);
    const { ctx, page } = await pageAs('finance', { locale });
    await page.goto('/merchant');
    await rows(page).first().waitFor();
    assert.ok((await rows(page).count()) >= 12, 'seeded merchants listed');
    assert.equal(await page.getByRole('button', { name: buttonName(t('merchant.add')) }).count(), 0, 'no add');
    const actions = await rows(page).locator('td:last-child').allInnerTexts();
    assert.deepEqual([...new Set(actions.map((a) => a.trim()))], [t('common.view')], 'rows offer view only');
    // a merchant with stores: the detail has no edit/disable, the store section no add/edit
    await searchBy(page, locale, 'name', '小羊管家');
    await until(
      () => rows(page).allInnerTexts(),
      (r) => r.length === 1 && r[0]!.includes('小羊管家家电清洗'),
    );
    await rows(page).first().getByText(t('common.view'), { exact: true }).click();
    const d = drawer(page);
    await d.getByText(t('merchant.sectionStores'), { exact: true }).waitFor();
    await d.locator('tr.ant-table-row').first().waitFor();
    assert.ok((await d.locator('tr.ant-table-row').count()) >= 1, 'the stores are listed');
    assert.equal(await d.getByRole('button', { name: buttonName(t('common.edit')) }).count(), 0, 'no edit in the detail');
    assert.equal(await d.getByRole('button', { name: buttonName(t('merchant.disable')) }).count(), 0, 'no disable in the detail');
    assert.equal(await d.getByRole('button', { name: buttonName(t('merchant.storeAdd')) }).count(), 0, 'no store add');
    assert.equal(await d.locator('tr.ant-table-row').getByText(t('common.edit'), { exact: true }).count(), 0, 'no store edit');
    await shot(page, 'merchant-finance-detail');
    await closeDrawer(page);

    await page.goto('/store');
    await rows(page).first().waitFor();
    assert.equal(await page.getByRole('button', { name: buttonName(t('store.add')) }).count(), 0, 'no store add');
    const storeActions = await rows(page).locator('td:last-child').allInnerTexts();
    assert.deepEqual([...new Set(storeActions.map((a) => a.trim()))], [t('common.view')], 'store rows offer view only (no edit, no approve/reject)');
    // even a pending store: nothing to audit
    await page.goto('/store?auditStatus=pending');
    await until(
      () => rows(page).allInnerTexts(),
      (r) => r.length > 0 && r.every((x) => x.includes(t('enum.auditStatus.pending'))),
    );
    const pendingActions = await rows(page).locator('td:last-child').allInnerTexts();
    assert.deepEqual([...new Set(pendingActions.map((a) => a.trim()))], [t('common.view')]);
    await rows(page).first().getByText(t('common.view'), { exact: true }).click();
    const sd = drawer(page);
    await sd.getByText(t('store.sectionAuditLogs'), { exact: true }).waitFor();
    assert.equal(await sd.locator('.ant-drawer-extra button').count(), 0, 'no actions in the store detail');
    await shot(page, 'store-finance');
    await ctx.close();
  });

  test('dispatcher gets the 403 page on /merchant and /store', async () => {
    const { ctx, page } = await pageAs('dispatcher');
    for (const path of ['/merchant', '/store']) {
      await page.goto(path);
      await page.getByTestId('result-403').getByText('403', { exact: true }).waitFor();
      assert.equal(await rows(page).count(), 0);
    }
    await ctx.close();
  });
});

describe('dictionary-backed selects', () => {
  test('the store filter on /order and the merchant filter on /store search as you type', async () => {
    const locale: Locale = 'zh-CN';
    const t = (key: string) => msg(locale, key);
    const { ctx, page } = await pageAs('admin', { locale });
    const sent = recordApi(page);

    // /order: the store dictionary
    await page.goto('/order');
    await rows(page).first().waitFor();
    await expandSearch(page);
    const all = await openOptions(page, searchForm(page).locator('#storeId'));
    // (the dropdown is a virtual list: it renders the first ten or so)
    assert.ok(all.length >= 5 && all.some((l) => !l.includes('浦口')), `stores of every name before typing: ${all.join(',')}`);
    await searchForm(page).locator('#storeId').pressSequentially('浦口');
    const narrowed = await settledOptions(page, (l) => l.every((x) => x.includes('浦口')));
    assert.ok(narrowed.length >= 1 && narrowed.length < all.length, `typing narrows the options: ${narrowed.join(',')}`);
    assert.ok(
      narrowed.every((l) => l.includes('浦口')),
      `every option matches: ${narrowed.join(',')}`,
    );
    assert.ok(
      sent.some((r) => r.path === '/api/dict/store' && new URL(r.url).searchParams.get('keyword') === '浦口'),
      'the keyword goes to the server',
    );
    await shot(page, 'dict-store-search');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: narrowed[0]! }).click();
    await searchForm(page)
      .getByRole('button', { name: buttonName(t('renderer.search')) })
      .click();
    await until(
      () => rows(page).allInnerTexts(),
      (r) => r.length > 0 && r.every((x) => x.includes(narrowed[0]!)),
    );
    const orderRows = await rows(page).allInnerTexts();
    assert.ok(orderRows.length > 0 && orderRows.every((x) => x.includes(narrowed[0]!)), 'orders of that store only');

    // /store: the merchant filter (a ref to the merchant list)
    await page.goto('/store');
    await rows(page).first().waitFor();
    const merchants = await openOptions(page, searchForm(page).locator('#merchantId'));
    assert.ok(merchants.length >= 5 && merchants.some((l) => !l.includes('快修')), `every merchant before typing: ${merchants.join(',')}`);
    await searchForm(page).locator('#merchantId').pressSequentially('快修');
    const few = await settledOptions(page, (l) => l.every((x) => x.includes('快修')));
    assert.deepEqual(few, ['快修侠家庭维修'], 'typing narrows to the matching merchant');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '快修侠家庭维修' }).click();
    await searchForm(page)
      .getByRole('button', { name: buttonName(t('renderer.search')) })
      .click();
    await until(
      () => rows(page).allInnerTexts(),
      (r) => r.length > 0 && r.every((x) => x.includes('快修侠家庭维修')),
    );
    const storeRows = await rows(page).allInnerTexts();
    assert.ok(storeRows.length > 0 && storeRows.every((x) => x.includes('快修侠家庭维修')), 'stores of that merchant only');
    await ctx.close();
  });
});
