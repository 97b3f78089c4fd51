/**
 * Money and business rules where the user sees them (issue 13 point 9), in both locales: finance
 * enters the settlement amount of an order typed in without a SKU (confirmation refused until then);
 * a SKU's service price above its sale price is refused naming both; the authorise form offers
 * enabled merchants only; a close shows its reason once in the log; the dashboard's default range is
 * today in the business time zone (schemas/app.json) in a browser running in Los Angeles; a long
 * address in the order's and the logistics order's detail drawers is shown whole, wrapping, not cut.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { callApi } from './lib/api';
import { apiToken, BASE, closeBrowser, getBrowser, pageAs, shot, STILL } from './lib/browser';
import { msg, until } from './lib/expect';
import {
  addOrderApi,
  api,
  button,
  drawer,
  formItem,
  modal,
  optionLabels,
  rowOf,
  rows,
  runRowAction,
  seeMessage,
  statusOf,
  waitRows,
  yuan,
  type Json,
  type Locale,
} from './lib/order-helpers';
import { todayIn } from '../src/schema/time-zone';

after(closeBrowser);

const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const MERCHANT = '冰川空调安装服务';
const STORE = '冰川空调（西湖店）';
const XIHU = ['330000', '330100', '330106'];
const RUN = Date.now().toString(36).slice(-5);

async function merchantNamed(token: string, name: string): Promise<Json> {
  const m = (await api(token, 'GET', '/merchant/list', { name, current: 1, pageSize: 10 })).data.list.find((x: Json) => x.name === name);
  assert.ok(m, `seeded merchant ${name}`);
  return m;
}

/** An order typed in without product or SKU (paid 200.00), assigned to STORE and in service. */
async function inServiceWithoutSku(admin: string, customerName: string): Promise<Json> {
  const merchant = await merchantNamed(admin, MERCHANT);
  const o = await addOrderApi(admin, {
    merchantId: merchant.id,
    productTitle: '上门疏通下水道',
    customerName,
    customerPhone: '13912345678',
    region: XIHU,
    address: '文三路 100 号',
    paidAmount: '200.00',
  });
  const store = (await api(admin, 'GET', '/store/list', { merchantId: merchant.id, name: STORE, current: 1, pageSize: 10 })).data.list.find(
    (s: Json) => s.name === STORE,
  );
  await api(admin, 'POST', '/order/assign/manual', { id: o.id, storeId: store.id });
  await api(admin, 'POST', '/order/workOrder', { id: o.id, workOrderType: 'repair', appointmentAt: '2026-12-01T02:00:00.000Z' });
  assert.equal(o.unitServicePrice, '0.00');
  return o;
}

describe('an order without a SKU (finance)', () => {
  for (const locale of LOCALES) {
    test(`confirming is refused until finance enters the settlement amount, which then settles (${locale})`, async () => {
      const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
      const admin = await apiToken('admin', 'admin123');
      const o = await inServiceWithoutSku(admin, `结算${RUN}${locale === 'zh-CN' ? '甲' : '乙'}`);
      const { ctx, page, token } = await pageAs('finance', { locale });
      await page.goto(`/order?orderNo=${o.orderNo}`);
      await waitRows(page, [o.orderNo], locale);
      const row = rowOf(page, o.orderNo);

      await runRowAction(page, row, t('order.confirmSettle'));
      let m = modal(page);
      await m.getByText(t('order.confirmSettleTitle'), { exact: true }).waitFor();
      await button(m, t('renderer.ok')).click();
      await seeMessage(page, t('server.order.settleAmountMissing', { orderNo: o.orderNo }));
      await shot(page, `business-confirm-refused-${locale}`);
      await button(m, t('renderer.cancel')).click();
      await m.waitFor({ state: 'hidden' });
      assert.equal((await api(token, 'GET', '/order/getById', { id: o.id })).data.status, 'in_service', 'nothing confirmed');

      await runRowAction(page, row, t('order.setSettleAmount'));
      m = modal(page);
      await m.getByText(t('order.setSettleAmountTitle'), { exact: true }).waitFor();
      await until(
        () => m.innerText(),
        (s) => s.includes(yuan('200.00')),
      );
      await m.locator('#serviceAmount').fill('250');
      await button(m, t('renderer.ok')).click();
      await seeMessage(page, t('server.order.serviceAmountAbovePaid', { amount: '250.00', paid: '200.00' }));
      assert.ok(await m.isVisible(), 'the dialog stays open');
      await m.locator('#serviceAmount').fill('120.00');
      await shot(page, `business-settle-amount-${locale}`);
      await button(m, t('renderer.ok')).click();
      await seeMessage(page, t('order.setSettleAmountSuccess'));
      await m.waitFor({ state: 'hidden' });

      await runRowAction(page, row, t('order.confirmSettle'));
      m = modal(page);
      await m.getByText(t('order.confirmSettleTitle'), { exact: true }).waitFor();
      const preview = formItem(m, t('order.settlePreview'));
      await until(
        () => preview.innerText(),
        (s) => s.includes(yuan('120.00')),
      );
      await button(m, t('renderer.ok')).click();
      await seeMessage(page, t('order.confirmSettleSuccess'));
      await until(
        () => statusOf(page, o.orderNo, locale),
        (s) => s === t('enum.orderStatus.to_settle'),
      );
      await api(token, 'POST', '/order/settle', { id: o.id }, { idempotent: true });
      const done = (await api(token, 'GET', '/order/getById', { id: o.id })).data;
      assert.equal(done.serviceAmount, '120.00');
      assert.equal(done.settleAmount, '120.00');
      assert.equal(done.settlement?.amount, '120.00');
      await ctx.close();
    });
  }
});

describe('a long address in a detail drawer at 1440 px', () => {
  /** The value of the drawer's description item labelled `label`: its text, and what cuts it (nothing should). */
  async function detailValue(page: Page, label: string) {
    // STILL: measured once the drawer has slid in
    const item = drawer(page).locator(`.ant-descriptions-item-container${STILL}`, { has: page.locator('.ant-descriptions-item-label', { hasText: label }) });
    await item.waitFor();
    return item.locator('.ant-descriptions-item-content').evaluate((el) => {
      const cut = [el, ...el.querySelectorAll('*')].filter((e) => {
        const s = getComputedStyle(e);
        return (e.scrollWidth > e.clientWidth + 1 && s.overflowX !== 'visible') || s.textOverflow === 'ellipsis';
      });
      // the lines its text takes: the distinct tops of the text's boxes
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
      const box = el.closest('.ant-drawer-content')!.getBoundingClientRect();
      return {
        text: (el as HTMLElement).innerText,
        cut: cut.map((e) => e.className || e.tagName),
        lines: lines.size,
        inside: el.getBoundingClientRect().right <= box.right + 0.5,
      };
    });
  }

  for (const locale of LOCALES) {
    test(`is shown whole, wrapping within its cell, never cut with an ellipsis (order, logistics order; ${locale})`, async () => {
      const admin = await apiToken('admin', 'admin123');
      const merchant = await merchantNamed(admin, MERCHANT);
      // longer than its cell: it must wrap to show all of it
      const address = `文三路 100 号万科城 6 栋 3 单元 1222 室（东门进，电梯到 12 楼右转第二户，门口有鞋柜）${RUN}${locale === 'zh-CN' ? '甲' : '乙'}`;
      const o = await addOrderApi(admin, {
        merchantId: merchant.id,
        productTitle: '上门疏通下水道',
        customerName: `地址${RUN}`,
        customerPhone: '13912345678',
        region: XIHU,
        address,
        paidAmount: '200.00',
      });
      const trackingNo = `ADDR${RUN}${locale === 'zh-CN' ? 'Z' : 'E'}${Date.now() % 1e6}`.toUpperCase();
      await api(admin, 'POST', '/logisticsOrder/add', {
        orderId: o.id,
        carrier: 'SF',
        trackingNo,
        goods: '配件包',
        receiverName: '收件人',
        region: XIHU,
        address,
      });
      const { ctx, page } = await pageAs('admin', { locale });
      for (const [path, key, label] of [
        [`/order?orderNo=${o.orderNo}`, o.orderNo, 'order.address'],
        [`/logisticsOrder?trackingNo=${trackingNo}`, trackingNo, 'logistics.address'],
      ] as const) {
        await page.goto(path);
        const row = page.locator('tr.ant-table-row', { hasText: key }).first();
        await row.waitFor();
        await runRowAction(page, row, msg(locale, 'common.view'));
        const value = await detailValue(page, msg(locale, label));
        await shot(page, `business-detail-address-${path.slice(1, path.indexOf('?'))}-${locale}`);
        assert.equal(value.text, address, `${path}: the whole address`);
        assert.deepEqual(value.cut, [], `${path}: nothing in the value cuts it`);
        assert.ok(value.lines >= 2, `${path}: the long address wraps (${value.lines} line)`);
        assert.ok(value.inside, `${path}: within the drawer`);
        await page.keyboard.press('Escape');
        await drawer(page).waitFor({ state: 'hidden' });
      }
      await ctx.close();
    });
  }
});

describe("a SKU's service price (admin)", () => {
  for (const locale of LOCALES) {
    test(`above the sale price it is refused, naming both amounts, in the dialog and by the server (${locale})`, async () => {
      const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
      const { ctx, page, token } = await pageAs('admin', { locale });
      const product = (await api(token, 'GET', '/product/list', { current: 1, pageSize: 50 })).data.list.find((p: Json) => p.skuCount > 0) as Json;
      const sku = (await api(token, 'GET', '/sku/list', { productId: product.id })).data[0] as Json;
      const refused = await callApi(token, 'POST', '/sku/edit', { id: sku.id, servicePrice: '99999.00' }, { locale });
      assert.equal(refused.status, 400);
      assert.equal(refused.msg, t('server.product.servicePriceAboveSale', { servicePrice: '99,999.00', price: yuan(sku.price).slice(1) }));

      await page.goto(`/product?title=${encodeURIComponent(product.title)}`);
      await rows(page).first().waitFor();
      await runRowAction(page, rows(page).filter({ hasText: product.title }).first(), t('common.view'));
      const d = drawer(page);
      const skuRow = d.locator('[data-testid=sku-table] tr', { hasText: sku.name }).first();
      await skuRow.waitFor();
      await skuRow.getByText(t('product.sku.edit')).click();
      const m = modal(page);
      await m.getByText(t('product.sku.editTitle'), { exact: true }).waitFor();
      await m.locator('#servicePrice').fill('99999');
      const error = t('product.sku.aboveSalePrice', { servicePrice: '¥99,999.00', price: yuan(sku.price) });
      await m.getByText(error).waitFor();
      assert.equal(await button(m, t('renderer.ok')).isDisabled(), true, 'OK is disabled');
      await shot(page, `business-sku-price-${locale}`);
      await m.locator('#servicePrice').press('Enter');
      const after = (await api(token, 'GET', '/sku/list', { productId: product.id })).data.find((s: Json) => s.id === sku.id);
      assert.equal(after.servicePrice, sku.servicePrice, 'unchanged');
      await ctx.close();
    });
  }
});

describe('shop authorisation (admin)', () => {
  for (const locale of LOCALES) {
    test(`offers enabled merchants only; the server refuses a disabled one by name (${locale})`, async () => {
      const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);
      const { ctx, page, token } = await pageAs('admin', { locale });
      const all = (await api(token, 'GET', '/merchant/list', { current: 1, pageSize: 100 })).data.list as Json[];
      const disabled = all.filter((m) => m.status === 'disabled');
      assert.ok(disabled.length > 0, 'the demo data has a disabled merchant');
      const refused = await callApi(token, 'GET', '/merchantAuth/auth', { merchantId: disabled[0]!.id, platform: 'sandbox' }, { locale });
      assert.equal(refused.status, 409);
      assert.equal(refused.msg, t('server.merchantAuth.merchantDisabled', { name: disabled[0]!.name }));

      await page.goto('/merchantAuth');
      await rows(page).first().waitFor();
      await page
        .locator('.ant-pro-table-list-toolbar button', { hasText: t('merchantAuth.authorize') })
        .first()
        .click();
      const m = modal(page);
      await m.getByText(t('merchantAuth.authorizeTitle'), { exact: true }).waitFor();
      const enabledNames = all.filter((x) => x.status === 'enabled').map((x) => x.name as string);
      const labels = await optionLabels(page, formItem(m, t('merchantAuth.merchant')).locator('.ant-select'));
      assert.ok(labels.length > 0);
      for (const d of disabled) assert.ok(!labels.includes(d.name), `disabled ${d.name} not offered: ${labels.join('|')}`);
      assert.ok(
        labels.every((l) => enabledNames.includes(l)),
        `only enabled merchants: ${labels.join('|')}`,
      );
      await shot(page, `business-authorize-merchants-${locale}`);
      await ctx.close();
    });
  }
});

describe('closing an order (admin)', () => {
  test('the log shows the reason once', async () => {
    const { ctx, page, token } = await pageAs('admin');
    const merchant = await merchantNamed(token, MERCHANT);
    const o = await addOrderApi(token, {
      merchantId: merchant.id,
      productTitle: '空调清洗',
      customerName: `关单${RUN}`,
      customerPhone: '13912345678',
      region: XIHU,
      address: '文三路 1 号',
      paidAmount: '99.00',
    });
    const reason = `客户改期到明年${RUN}`;
    await api(token, 'POST', '/order/close', { id: o.id, reason });
    await page.goto(`/order?orderNo=${o.orderNo}`);
    await waitRows(page, [o.orderNo]);
    await runRowAction(page, rowOf(page, o.orderNo), msg('zh-CN', 'common.view'));
    const timeline = drawer(page).locator('.ant-timeline');
    await timeline.getByText(msg('zh-CN', 'order.log.close')).waitFor();
    const text = await timeline.innerText();
    assert.equal(text.split(reason).length - 1, 1, `the reason once in the log: ${text}`);
    await ctx.close();
  });
});

describe('the dashboard in a browser outside China', () => {
  const app = JSON.parse(readFileSync('schemas/app.json', 'utf8')) as { timeZone: string; request: { tokenStorageKey: string } };
  for (const locale of LOCALES) {
    test(`the default range ends today in ${app.timeZone}, not in the browser's Los Angeles (${locale})`, async () => {
      const token = await apiToken('admin', 'admin123');
      const ctx = await (await getBrowser()).newContext({ viewport: { width: 1440, height: 900 }, locale, baseURL: BASE(), timezoneId: 'America/Los_Angeles' });
      await ctx.addInitScript(
        (s: Record<string, string>) => {
          for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
        },
        { [app.request.tokenStorageKey]: token, locale },
      );
      const page = await ctx.newPage();
      // 09:00 on the 21st in Los Angeles, 01:00 on the 22nd in Shanghai
      const now = new Date('2026-11-21T17:00:00Z');
      await page.clock.setFixedTime(now);
      const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics/performance');
      await page.goto('/dashboard');
      const q = new URL((await asked).url()).searchParams;
      assert.equal(await page.evaluate(() => new Date().getDate()), 21, "the browser's own calendar says the 21st");
      assert.equal(todayIn(app.timeZone, now), '2026-11-22');
      assert.deepEqual([q.get('dateFrom'), q.get('dateTo')], ['2026-10-24', '2026-11-22']);
      if (locale === 'zh-CN') {
        const inputs = page.locator('.ant-picker-range input');
        await until(
          () => inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
          (v) => v[1] === '2026-11-22',
        );
      }
      await ctx.close();
    });
  }
});
