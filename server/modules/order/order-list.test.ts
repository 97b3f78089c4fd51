/**
 * The order screen's reads on the fully seeded app (createTestApp: every module's demo seed):
 * the seed's consistency, list filters and counts, exact 64-bit ids through list, detail, actions
 * and the XLSX export, the auto-assign switch and assignment on arrival.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { toCents } from '../../core/money';
import { translator } from './i18n';
import { settlementAmount } from './money';

let t: TestApp;
let admin: string;
let dispatcher: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  dispatcher = await t.login('dispatcher', 'dispatcher123');
  finance = await t.login('finance', 'finance123');
}, 180_000);
afterAll(() => t?.close());

describe('demo seed', () => {
  it('holds ~2,000 orders in every status with history consistent with each status', async () => {
    const { rows } = await t.db.query<{ status: string; n: bigint }>('SELECT status, count(*) AS n FROM orders GROUP BY status');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBe(2000);
    for (const s of ['pending', 'assigned', 'in_service', 'to_settle', 'settled', 'closed', 'refunded']) expect(by[s]).toBeGreaterThan(10);
    const bad = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM orders o WHERE
         NOT (o.refunded_amount <= o.adjusted_amount AND o.adjusted_amount <= o.paid_amount)
      OR (o.status IN ('assigned', 'in_service', 'to_settle', 'settled') AND o.store_id IS NULL)
      OR (o.status = 'to_settle' AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.order_id = o.id AND s.status = 'confirmed'))
      OR (o.status = 'settled' AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.order_id = o.id AND s.status = 'settled'))
      OR (o.status IN ('pending', 'assigned', 'in_service') AND EXISTS (SELECT 1 FROM settlements s WHERE s.order_id = o.id))
      OR (o.status IN ('in_service', 'to_settle', 'settled') AND NOT EXISTS (SELECT 1 FROM work_orders w WHERE w.order_id = o.id))
      OR (o.status = 'refunded' AND o.refunded_amount <> o.adjusted_amount)
      OR (o.status = 'closed' AND (o.close_reason IS NULL OR o.closed_at IS NULL))
      OR o.refunded_amount <> COALESCE((SELECT sum(amount) FROM refunds r WHERE r.order_id = o.id), 0)
      OR NOT EXISTS (SELECT 1 FROM order_logs l WHERE l.order_id = o.id)
      OR o.id <= 9007199254740992`);
    expect(Number(bad.rows[0].n)).toBe(0);
    const settled = await t.db.query<any>(`SELECT o.*, s.amount AS s_amount FROM orders o JOIN settlements s ON s.order_id = o.id`);
    for (const o of settled.rows) {
      const expected = settlementAmount({
        unitServicePrice: o.unit_service_price,
        quantity: o.quantity,
        paidAmount: o.paid_amount,
        adjustedAmount: o.adjusted_amount,
        refundedAmount: o.refunded_amount,
      });
      expect(o.settle_amount).toBe(expected);
      expect(o.s_amount).toBe(expected);
    }
  });
});

describe('list, search and counts', () => {
  it('pages newest first and filters; counts follow the filters', async () => {
    const page = await t.get('/api/order/list', { token: finance, query: { current: 1, pageSize: 20 } });
    expect(page.data.code).toBe(0);
    expect(page.data.data).toMatchObject({ total: 2000, current: 1, pageSize: 20 });
    const times = page.data.data.list.map((o: any) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const first = page.data.data.list[0];
    const byNo = await t.get('/api/order/list', { token: finance, query: { orderNo: first.orderNo } });
    expect(byNo.data.data.list.map((o: any) => o.id)).toEqual([first.id]);
    // A phone is searched whole (the search field validates it as a phone number).
    const byPhone = await t.get('/api/order/list', { token: finance, query: { customerPhone: first.customerPhone } });
    expect(byPhone.data.data.list.map((o: any) => o.id)).toContain(first.id);
    expect(byPhone.data.data.list.every((o: any) => o.customerPhone === first.customerPhone)).toBe(true);
    const byName = await t.get('/api/order/list', { token: finance, query: { customerName: first.customerName.slice(0, 1), pageSize: 200 } });
    expect(byName.data.data.list.every((o: any) => o.customerName.startsWith(first.customerName.slice(0, 1)))).toBe(true);
    const short = await t.get('/api/order/list', { token: finance, query: { customerPhone: '138' } });
    expect(short.statusCode).toBe(400);
    expect(short.data.msg).toContain('客户电话');

    const counts = await t.get('/api/order/count', { token: finance });
    const totalCount = Object.values(counts.data.data as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(totalCount).toBe(2000);
    const pendingList = await t.get('/api/order/list', { token: finance, query: { status: 'pending', pageSize: 200 } });
    expect(pendingList.data.data.total).toBe(counts.data.data.pending);
    expect(pendingList.data.data.list.every((o: any) => o.status === 'pending')).toBe(true);

    const merchantId = first.merchantId;
    const mCounts = await t.get('/api/order/count', { token: finance, query: { merchantId, status: 'pending' } });
    const mList = await t.get('/api/order/list', { token: finance, query: { merchantId } });
    expect(Object.values(mCounts.data.data as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(mList.data.data.total);
    expect(mList.data.data.total).toBeLessThan(2000);

    const ranged = await t.get('/api/order/list', { token: finance, query: { paidAmountFrom: '100.00', paidAmountTo: '150.00', pageSize: 200 } });
    for (const o of ranged.data.data.list) {
      expect(toCents(o.paidAmount) >= 10000n && toCents(o.paidAmount) <= 15000n).toBe(true);
    }
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const recent = await t.get('/api/order/list', { token: finance, query: { createdAtFrom: from, pageSize: 200 } });
    expect(recent.data.data.list.every((o: any) => o.createdAt >= from)).toBe(true);
  });

  it("a dispatcher reads its store's orders and remarks but cannot assign or refund", async () => {
    // The demo dispatcher is bound to a store (data scope; the full matrix is in server/test/data-scope.test.ts).
    const page = await t.get('/api/order/list', { token: dispatcher, query: { status: 'assigned' } });
    const id = page.data.data.list[0].id;
    expect((await t.post('/api/order/remark', { id, remark: '已电话联系客户' }, { token: dispatcher })).data.code).toBe(0);
    const refused = await t.post('/api/order/assign/auto', { ids: [id] }, { token: dispatcher });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.msg).toMatch(/管理员|admin/);
  });
});

describe('64-bit ids stay exact', () => {
  it('through list, detail, actions and export', async () => {
    const list = await t.get('/api/order/list', { token: admin, query: { status: 'pending', pageSize: 5 } });
    const id: string = list.data.data.list[0].id;
    expect(BigInt(id) > 2n ** 53n).toBe(true);
    expect(list.body).toContain(`"id":${id}`); // a bare JSON number with every digit
    const detail = await t.get('/api/order/getById', { token: admin, query: { id } });
    expect(detail.data.data.id).toBe(id);
    const remark = await t.post('/api/order/remark', { id: BigInt(id), remark: '大整数 id 备注' }, { token: admin });
    expect(remark.data.data.id).toBe(id);
    const logs = await t.get('/api/order/logs', { token: admin, query: { id } });
    expect(logs.data.data.at(-1)).toMatchObject({ action: 'remark', orderId: id });

    // the export names the order by its number, the record the list gives for that id
    const exp = await sheetOf({ orderNo: list.data.data.list[0].orderNo, columns: 'orderNo,status' }, 'zh-CN');
    expect(decodeURIComponent(exp.disposition)).toMatch(/订单管理-\d{14}\.xlsx$/);
    expect(exp.rows).toEqual([
      ['订单编号', '订单状态'],
      [list.data.data.list[0].orderNo, '待派单'],
    ]);
  });
});

/** The export's workbook: its rows of cell values, the cells themselves (formats), the file name. */
async function sheetOf(query: Record<string, string>, locale: 'zh-CN' | 'en-US', token = admin) {
  const exp = await t.get('/api/order/export', { token, query, locale });
  expect(exp.statusCode, exp.body.slice(0, 300)).toBe(200);
  expect(String(exp.headers['content-type'])).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(exp.rawPayload as any);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  const cells: ExcelJS.Cell[][] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow((r) => {
    // an empty cell reads as '' (the reader leaves trailing ones out)
    rows.push(Array.from({ length: width }, (_, i) => (r.values as unknown[])[i + 1] ?? ''));
    const line: ExcelJS.Cell[] = [];
    r.eachCell({ includeEmpty: true }, (c) => line.push(c));
    cells.push(line);
  });
  return { rows, cells, sheet: sheet.name, disposition: String(exp.headers['content-disposition']), total: Number(exp.headers['x-total-count']) };
}

/** Every record of the list under `query`, page after page. */
async function listAll(query: Record<string, string>, token = admin): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  for (let current = 1; ; current++) {
    const page = (await t.get('/api/order/list', { token, query: { ...query, current: String(current), pageSize: '200' } })).data.data;
    out.push(...page.list);
    if (page.list.length < 200) return out;
  }
}

describe('export (the core\'s, declared "exportOf": "list")', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is the filtered list: its rows in its order, only the columns named (and what their cells also show), headers in ${locale}, money as numbers with two decimals`, async () => {
      const tr = translator(locale);
      const query = { status: 'settled', paidAmountFrom: '100.00' };
      const list = await listAll(query);
      expect(list.length).toBeGreaterThan(20);
      // the browser names the visible columns; storeId's cell also shows the staff, paidAmount's the other amounts
      const x = await sheetOf({ ...query, columns: 'storeId,orderNo,paidAmount,status' }, locale);
      expect(x.sheet).toBe(tr('menu.order'));
      expect(decodeURIComponent(x.disposition)).toContain(`${tr('menu.order')}-`);
      expect(x.rows[0]).toEqual(
        ['order.orderNo', 'order.paidAmount', 'order.adjustedAmount', 'order.refundedAmount', 'order.status', 'order.store', 'order.staff'].map((k) => tr(k)),
      );
      expect(x.rows.slice(1)).toEqual(
        list.map((o) => [
          o.orderNo,
          Number(o.paidAmount),
          Number(o.adjustedAmount),
          Number(o.refundedAmount),
          tr('enum.orderStatus.settled'),
          o.storeName,
          o.staffName ?? '',
        ]),
      );
      for (const line of x.cells.slice(1))
        for (const c of line.slice(1, 4)) {
          expect(typeof c.value).toBe('number');
          expect(c.numFmt).toBe('#,##0.00');
        }
      // the amounts read back to the cent the list sends
      expect(x.rows.slice(1).map((r) => (r[1] as number).toFixed(2))).toEqual(list.map((o) => o.paidAmount));
    });
  }

  it('every order across keyset pages (beyond 1,000 rows), newest first; every list column with regions and names as text', async () => {
    const x = await sheetOf({}, 'zh-CN');
    const { rows: db } = await t.db.query<{ order_no: string }>('SELECT order_no FROM orders ORDER BY created_at DESC, id DESC');
    expect(db.length).toBeGreaterThan(1000);
    expect(x.rows.slice(1).map((r) => r[0])).toEqual(db.map((r) => r.order_no));
    const tr = translator('zh-CN');
    const keys = [
      'orderNo',
      'platform',
      'shop',
      'productTitle',
      'skuName',
      'quantity',
      'customerName',
      'customerPhone',
      'region',
      'address',
      'paidAmount',
      'adjustedAmount',
      'refundedAmount',
      'status',
      'store',
      'staff',
    ];
    expect(x.rows[0]).toEqual([...keys.map((k) => tr(`order.${k}`)), tr('common.createdAt'), tr('order.assignedAt')]);
    const [first] = await listAll({});
    const row = x.rows[1];
    expect(row.slice(0, 11)).toEqual([
      first.orderNo,
      tr(`enum.platform.${first.platform}`),
      first.shopName ?? '',
      first.productTitle,
      first.skuName ?? '',
      first.quantity,
      first.customerName,
      first.customerPhone,
      first.regionName,
      first.address,
      Number(first.paidAmount),
    ]);
    expect(row[8]).toMatch(/省|市/); // the region's names, not its codes
    expect(row[16]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // every order of the seed (2,000+) through ExcelJS twice: seconds alone, far more beside the other files
  }, 120_000);

  it("a dispatcher's export holds its store's orders only (the list's data scope)", async () => {
    const mine = await listAll({}, dispatcher);
    const x = await sheetOf({ columns: 'orderNo,storeId' }, 'zh-CN', dispatcher);
    expect(x.rows.slice(1).map((r) => r[0])).toEqual(mine.map((o) => o.orderNo));
    expect(new Set(x.rows.slice(1).map((r) => r[1])).size).toBe(1);
  });
});

describe('auto-assign switch', () => {
  it('reflects /order/config and assigns new orders on arrival while on', async () => {
    const store = await t.db.query<{ id: bigint; merchant_id: bigint; area: string }>(
      `SELECT id, merchant_id, service_area[1] AS area FROM stores WHERE audit_status = 'approved' AND status = 'enabled'
         AND length(service_area[1]) = 6 AND service_area[1] NOT LIKE '%00' ORDER BY id LIMIT 1`,
    );
    const s = store.rows[0];
    const region = [s.area.slice(0, 2) + '0000', s.area.slice(0, 4) + '00', s.area];
    const body = {
      merchantId: s.merchant_id,
      productTitle: '空调清洗',
      customerName: '周杰',
      customerPhone: '13912345678',
      region,
      address: '幸福路 1 号',
      paidAmount: '99.00',
    };

    expect((await t.get('/api/order/config', { token: dispatcher })).data.data).toEqual({ autoAssign: false });
    const off = await t.post('/api/order/add', body, { token: admin });
    expect(off.data.data.status).toBe('pending');

    expect((await t.post('/api/order/autoAssignSwitch', { autoAssign: true }, { token: dispatcher })).statusCode).toBe(403);
    expect((await t.post('/api/order/autoAssignSwitch', { autoAssign: true }, { token: admin })).data.data).toEqual({ autoAssign: true });
    const on = await t.post('/api/order/add', { ...body, customerName: '吴磊' }, { token: admin });
    expect(on.data.data.status).toBe('assigned');
    const chosen = await t.db.query<{ merchant_id: bigint; service_area: string[]; audit_status: string; status: string }>(
      'SELECT merchant_id, service_area, audit_status, status FROM stores WHERE id = $1',
      [BigInt(on.data.data.storeId)],
    );
    expect(chosen.rows[0]).toMatchObject({ merchant_id: s.merchant_id, audit_status: 'approved', status: 'enabled' });
    expect(chosen.rows[0].service_area.some((a) => a === region[1] || a === region[2])).toBe(true);
    const logs = await t.get('/api/order/logs', { token: admin, query: { id: on.data.data.id } });
    expect(logs.data.data.map((l: any) => l.action)).toEqual(['add', 'assignAuto']);
    await t.post('/api/order/autoAssignSwitch', { autoAssign: false }, { token: admin });

    const bulk = await t.post('/api/order/assign/auto', { ids: [off.data.data.id, on.data.data.id, '1234567890123456789'] }, { token: admin });
    expect(bulk.data.data.assigned).toBe(1);
    expect(bulk.data.data.failed.map((x: any) => x.reason).sort()).toEqual(['notFound', 'notPending']);
  });
});
