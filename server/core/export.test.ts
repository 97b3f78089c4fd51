import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
}, 180_000);
afterAll(() => t?.close());

async function sheetOf(url: string, query: Record<string, string>, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { 'x-misi-token': admin, 'x-locale': locale } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { res, rows };
}

describe('export declared in the schema (exportOf)', () => {
  test('the filtered list, every page, headers and enum labels in the locale, ids exact', async () => {
    const list = await t.get('/api/store/list', { token: admin, query: { auditStatus: 'approved', pageSize: 200 } });
    const { res, rows } = await sheetOf('/api/store/export', { auditStatus: 'approved' });
    expect(Number(res.headers['x-total-count'])).toBe(list.data.data.total);
    expect(rows.length - 1).toBe(list.data.data.total);
    expect(rows[0]).toContain('门店名称');
    const auditCol = rows[0].indexOf('审核状态');
    expect(rows.slice(1).every((r) => r[auditCol] === '已通过')).toBe(true);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/门店管理-\d{14}\.xlsx/);
    const en = await sheetOf('/api/store/export', { auditStatus: 'approved' }, 'en-US');
    expect(en.rows[0]).toContain('Audit status');
  });

  test("only the columns asked for, in the list's order; a list of more than one page", async () => {
    const total = (await t.get('/api/operationLog/list', { token: admin })).data.data.total;
    const { rows } = await sheetOf('/api/user/export', { columns: 'roles,username' });
    expect(rows[0]).toEqual(['用户名', '角色']);
    const admins = rows.find((r) => r[0] === 'admin')!;
    expect(String(admins[1])).toContain('管理员');
    // the export itself is an audited action
    expect((await t.get('/api/operationLog/list', { token: admin, query: { operation: 'staff.export' } })).data.data.total).toBeGreaterThanOrEqual(1);
    expect(total).toBeGreaterThanOrEqual(0);
  });

  test('the export is in the operation log by the time its file has arrived', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operation_logs WHERE resource = 'merchant' AND action = 'export'`)).rows[0].n);
    for (let i = 1; i <= 5; i++) {
      const before = await count();
      await sheetOf('/api/merchant/export', { columns: 'name' });
      // no wait: the row is written before the file's last byte is sent
      expect(await count()).toBe(before + 1);
    }
  });

  test('a bad filter is a 400 naming the field, not a broken file; no access is 403', async () => {
    const bad = await t.get('/api/store/export', { token: admin, query: { auditStatus: 'done' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toContain('审核状态');
    // a column the list does not have (a field it only shows under another, or none at all) is named
    const column = await t.get('/api/order/export', { token: admin, query: { columns: 'orderNo,customerPhone,password' } });
    expect(column.statusCode).toBe(400);
    expect(column.data.msg).toBe('「导出列」中的 customerPhone, password 不是此列表的列');
    const dispatcher = await t.login('dispatcher', 'dispatcher123');
    const refused = await t.get('/api/store/export', { token: dispatcher });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a column of labelled values', () => {
  test("the operation log's changes read 'field: before → after', not [object Object]", async () => {
    const store = (await t.db.query<{ id: bigint; name: string }>('SELECT id, name FROM stores ORDER BY id LIMIT 1')).rows[0];
    const renamed = await t.postForm('/api/store/edit', { id: String(store.id), name: `${store.name}（导出）` }, undefined, { token: admin });
    expect(renamed.data.code).toBe(0);
    const { rows } = await sheetOf('/api/operationLog/export', { columns: 'changes', recordId: String(store.id) });
    const cells = rows.slice(1).map((r) => String(r[0]));
    expect(cells.some((c) => c.includes(`门店名称: ${store.name} → ${store.name}（导出）`))).toBe(true);
    expect(cells.join('\n')).not.toContain('[object Object]');
  });
});
