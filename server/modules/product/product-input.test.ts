/**
 * No input to the product module's one edit (POST /sku/edit) or its reads answers 5xx: a missing
 * field, a wrong type, a value out of range, an id that names nothing — each is a 4xx whose message
 * names the field (or the id), and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import zh from '../../../locales/zh-CN/product.json';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let admin = '';
let sku = { id: '', price: '', productId: '' };
const NO_ROW = '123456789012345678';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  const r = await t.db.query<{ id: bigint; price: string; product_id: bigint }>(`SELECT id, price, product_id FROM skus WHERE price >= 10 ORDER BY id LIMIT 1`);
  sku = { id: String(r.rows[0].id), price: r.rows[0].price, productId: String(r.rows[0].product_id) };
}, 180_000);
afterAll(() => t?.close());

const skuRows = async () => (await t.db.query(`SELECT id, service_price, updated_at FROM skus ORDER BY id`)).rows;

/** [what is wrong, body, text the message must hold, status] */
const EDITS: [string, () => Record<string, unknown>, string, number][] = [
  ['id missing', () => ({ servicePrice: '1.00' }), zh['product.sku.id'], 400],
  ['id not an id', () => ({ id: 'abc', servicePrice: '1.00' }), zh['product.sku.id'], 400],
  ['id past 2^63', () => ({ id: '99999999999999999999', servicePrice: '1.00' }), zh['product.sku.id'], 400],
  ['price missing', () => ({ id: sku.id }), zh['product.sku.servicePrice'], 400],
  ['price a JSON number', () => ({ id: sku.id, servicePrice: 1.5 }), zh['product.sku.servicePrice'], 400],
  ['price a word', () => ({ id: sku.id, servicePrice: 'free' }), zh['product.sku.servicePrice'], 400],
  ['price negative', () => ({ id: sku.id, servicePrice: '-1.00' }), zh['product.sku.servicePrice'], 400],
  ['price three decimals', () => ({ id: sku.id, servicePrice: '1.005' }), zh['product.sku.servicePrice'], 400],
  ['price too long', () => ({ id: sku.id, servicePrice: '9'.repeat(40) }), zh['product.sku.servicePrice'], 400],
  ['price above the sale price', () => ({ id: sku.id, servicePrice: '99999999.99' }), '99,999,999.99', 400],
  ['unknown SKU', () => ({ id: NO_ROW, servicePrice: '1.00' }), NO_ROW, 404],
];

describe('POST /sku/edit refuses bad input with a 4xx naming the field, never a 5xx', () => {
  test.each(EDITS)('%s', async (_, body, text, status) => {
    const before = await skuRows();
    const res = await t.post('/api/sku/edit', body(), { token: admin });
    expect(res.statusCode).toBe(status);
    expect(res.data.code).toBe(status * 100);
    expect(res.data.msg).toContain(text);
    expect(await skuRows()).toEqual(before);
  });
});

describe('product reads refuse bad parameters with a 4xx naming them', () => {
  const READS: [string, string, Record<string, string>, string, number][] = [
    ['list: merchant not an id', '/api/product/list', { merchantId: '1;drop' }, zh['product.merchant'], 400],
    ['list: shop not an id', '/api/product/list', { shopId: 'x' }, zh['product.shop'], 400],
    ['list: unknown sort field', '/api/product/list', { sortField: 'secret' }, 'secret', 400],
    ['list: status not a status', '/api/product/list', { status: 'gone' }, zh['product.status'], 400],
    ['detail: unknown product', '/api/product/detail', { id: NO_ROW }, NO_ROW, 404],
    ['skus: unknown product', '/api/sku/list', { productId: NO_ROW }, NO_ROW, 404],
    ['skus: product missing', '/api/sku/list', {}, zh['product.sku.product'], 400],
  ];
  test.each(READS)('%s', async (_, url, query, text, status) => {
    const res = await t.get(url, { token: admin, query });
    expect(res.statusCode).toBe(status);
    expect(res.data.msg).toContain(text);
  });
});
