/**
 * What a binding with a declared result shape ("returns", schemas/*.json "shapes") really sends: every
 * property of the shape, and nothing else, on the seeded demo data. The handlers are typed by the same
 * shapes (`ModuleHandlers<XBindings, XResults>`); this holds the wire to them too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseShapeType } from '../../src/schema';
import { resourceSchema } from '../core/resource';
import { listen } from '../modules/merchantAuth/oauth-flow.testkit';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  await listen(t); // the sandbox platform is called over HTTP
}, 180_000);
afterAll(() => t?.close());

const one = async (sql: string) => String((await t.db.query<{ id: bigint }>(sql)).rows[0].id);

/** The properties of `resource`'s shape named by its binding's `returns`. */
function shapeOf(resource: string, binding: string): string[] {
  const r = resourceSchema(resource);
  const { name } = parseShapeType(r.api![binding].returns!);
  return Object.keys(r.shapes![name]).sort();
}

const keysOf = (o: Record<string, unknown>) => Object.keys(o).sort();

it.each([
  ['order', 'logs', '/api/order/logs', 'SELECT order_id AS id FROM order_logs LIMIT 1'],
  ['logisticsOrder', 'events', '/api/logisticsOrder/events', 'SELECT logistics_id AS id FROM logistics_events LIMIT 1'],
  ['store', 'audits', '/api/store/audits', 'SELECT store_id AS id FROM store_audits LIMIT 1'],
  ['merchant', 'shops', '/api/merchant/shops', 'SELECT merchant_id AS id FROM shops LIMIT 1'],
  ['product', 'skuList', '/api/sku/list', 'SELECT product_id AS id FROM skus LIMIT 1'],
])('%s.%s sends rows of its shape', async (resource, binding, path, sql) => {
  const id = await one(sql);
  const res = await t.get(path, { token: admin, query: binding === 'skuList' ? { productId: id } : { id } });
  expect(res.data.code).toBe(0);
  expect(res.data.data.length).toBeGreaterThan(0);
  for (const row of res.data.data) expect(keysOf(row)).toEqual(shapeOf(resource, binding));
});

it('order config and its switch, and a SKU edit, send their shapes', async () => {
  expect(keysOf((await t.get('/api/order/config', { token: admin })).data.data)).toEqual(shapeOf('order', 'config'));
  const sw = await t.post('/api/order/autoAssignSwitch', { autoAssign: false }, { token: admin });
  expect(keysOf(sw.data.data)).toEqual(shapeOf('order', 'autoAssignSwitch'));
  const sku = await t.db.query<{ id: bigint; price: string }>('SELECT id, price::text AS price FROM skus LIMIT 1');
  const edit = await t.post('/api/sku/edit', { id: String(sku.rows[0].id), servicePrice: '0' }, { token: admin });
  expect(keysOf(edit.data.data)).toEqual(shapeOf('product', 'skuEdit'));
});

it("a shop's authorisation, history trade import and its list of imports send their shapes", async () => {
  const shop = await one(`SELECT id FROM shops WHERE platform = 'sandbox' AND auth_status = 'authorized' LIMIT 1`);
  const auth = await t.get('/api/merchantAuth/auth', { token: admin, query: { id: shop } });
  expect(auth.data.code).toBe(0);
  expect(keysOf(auth.data.data)).toEqual(shapeOf('merchantAuth', 'auth'));
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const run = await t.post('/api/merchantAuth/getHistoryTrades', { id: shop, importRange: [day, day] }, { token: admin });
  expect(run.data.code).toBe(0);
  expect(keysOf(run.data.data)).toEqual(shapeOf('merchantAuth', 'getHistoryTrades'));
  const runs = (await t.get('/api/merchantAuth/imports', { token: admin, query: { id: shop } })).data.data;
  expect(runs.length).toBeGreaterThan(0);
  for (const row of runs) expect(keysOf(row)).toEqual(shapeOf('merchantAuth', 'imports'));
});
