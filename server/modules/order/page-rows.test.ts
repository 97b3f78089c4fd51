/**
 * The list reads its rows as JSON arrays (page-rows.ts): every record must be exactly the one the plain
 * column read gives (readOrder's shape through toRecord), including odd text, arrays, nulls, all five
 * timestamps with microseconds, and ids above 2^53.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stringifyJson } from '../../core/json';
import { createTestApp, type TestApp } from '../../test/helper';
import { PAGE_ROW, pageRow } from './page-rows';
import { ORDER_COLUMNS, ORDER_FROM, toRecord, type OrderRow } from './record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

test('each order read as a JSON row equals the plain column read', async () => {
  // One order with every optional column set and text that JSON must escape.
  const {
    rows: [odd],
  } = await t.db.query<{ id: bigint }>(`SELECT id FROM orders WHERE status = 'closed' ORDER BY id LIMIT 1`);
  await t.db.query(
    `UPDATE orders SET remark = $2, attachments = $3::text[], sku_name = $4, assigned_at = '2026-03-01 08:00:00.123456+00',
       settled_at = '2026-03-02 23:59:59.999999+08', updated_at = '2026-03-03 00:00:00+00' WHERE id = $1`,
    [odd.id, 'quote " backslash \\ tab \t line\nsep \u2028 emoji 😀 null-ish null', ['a"b', '', 'ü/ß'], '  spaced  '],
  );
  const page = await t.db.query<{ r: string }>(`SELECT ${PAGE_ROW} FROM orders o ORDER BY o.created_at DESC, o.id DESC`);
  const plain = await t.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} ORDER BY o.created_at DESC, o.id DESC`);
  expect(page.rows.length).toBe(plain.rows.length);
  expect(page.rows.length).toBeGreaterThan(1000);
  for (let i = 0; i < plain.rows.length; i++) {
    expect(stringifyJson(toRecord(pageRow(page.rows[i].r)))).toBe(stringifyJson(toRecord(plain.rows[i])));
  }
  const oddRow = pageRow(page.rows.find((x) => pageRow(x.r).id === odd.id)!.r);
  expect(oddRow.attachments).toEqual(['a"b', '', 'ü/ß']);
  expect(oddRow.id).toBeGreaterThan(2n ** 53n);
});
