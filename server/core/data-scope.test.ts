import { describe, expect, it } from 'vitest';
import { rowRestriction, scopeProblems, type Scope } from '../../src/schema';
import { andScope, registerResourceTable, scopeSql } from './data-scope';

const SCOPES: Record<string, Scope> = {
  order: { all: ['admin', 'finance'], store: 'storeId', merchant: 'merchantId' },
  shipment: { all: ['admin', 'finance'], store: { field: 'orderId', via: 'order' }, merchant: 'merchantId' },
  merchant: { all: ['admin', 'finance'], merchant: 'id' },
  store: { all: ['admin', 'finance'], store: 'id', merchant: 'merchantId' },
  shop: { all: ['admin', 'finance'], store: { field: 'merchantId', via: 'store', by: 'merchantId' }, merchant: 'merchantId' },
  byId: { all: ['admin'], store: { field: 'storeId', via: 'store', by: 'id' } },
  // two levels: rows of the shops a store-bound user reaches (through the store's merchant)
  shopNote: { all: ['admin'], store: { field: 'shopId', via: 'shop' } },
  // through a resource no module defines: its table is never known (the files of a worker share modules, so
  // "order" or "store" may have been registered by another file's app)
  parcel: { all: ['admin'], store: { field: 'depotId', via: 'nowhereDepot' } },
  nowhereDepot: { all: ['admin'], store: 'storeId' },
};
const of = (user: Parameters<typeof rowRestriction>[0], name: string) => rowRestriction(user, name, (n) => SCOPES[n]);

describe('rowRestriction', () => {
  it('unbound admin/finance: every row; unbound other roles: none; no scope declared: every row', () => {
    expect(of({ roles: ['admin'] }, 'order')).toBeNull();
    expect(of({ roles: ['dispatcher', 'finance'] }, 'order')).toBeNull();
    expect(of({ roles: ['dispatcher'] }, 'order')).toEqual({ field: 'id', ids: [] });
    expect(of({ roles: ['dispatcher'] }, 'staff')).toBeNull();
  });
  it('the binding wins over the roles; no rule for the binding: none', () => {
    expect(of({ roles: ['admin'], storeId: 7n }, 'order')).toEqual({ field: 'storeId', ids: [7n] });
    expect(of({ roles: ['finance'], merchantId: 3n }, 'order')).toEqual({ field: 'merchantId', ids: [3n] });
    expect(of({ roles: ['admin'], storeId: 7n }, 'merchant')).toEqual({ field: 'id', ids: [] });
    expect(of({ roles: ['admin'], storeId: 7n }, 'shipment')).toEqual({
      field: 'orderId',
      ids: [],
      via: { resource: 'order', restriction: { field: 'storeId', ids: [7n] } },
    });
  });
  it('"by": the field holds that field of a via row, not its id ("by": "id" is the default, left out)', () => {
    const store = { field: 'id', ids: [7n] };
    expect(of({ roles: ['dispatcher'], storeId: 7n }, 'shop')).toEqual({
      field: 'merchantId',
      ids: [],
      via: { resource: 'store', restriction: store, by: 'merchantId' },
    });
    expect(of({ roles: ['dispatcher'], storeId: 7n }, 'byId')).toEqual({ field: 'storeId', ids: [], via: { resource: 'store', restriction: store } });
    expect(of({ roles: ['dispatcher'], storeId: 7n }, 'shopNote')).toEqual({
      field: 'shopId',
      ids: [],
      via: { resource: 'shop', restriction: { field: 'merchantId', ids: [], via: { resource: 'store', restriction: store, by: 'merchantId' } } },
    });
    // the other bindings are as before
    expect(of({ roles: ['admin'], merchantId: 3n }, 'shop')).toEqual({ field: 'merchantId', ids: [3n] });
    expect(of({ roles: ['admin'] }, 'shop')).toBeNull();
    expect(of({ roles: ['dispatcher'] }, 'shop')).toEqual({ field: 'id', ids: [] });
  });
  it('the CLI names unknown fields and resources', () => {
    expect(scopeProblems({ all: [], store: 'shopId', merchant: { field: 'orderId', via: 'ordr' } }, ['orderId'], ['order'])).toEqual([
      'scope.store: "shopId" is not a field of this resource',
      'scope.merchant.via: no resource named "ordr"',
    ]);
  });
  it('the CLI names a "by" that is not a field of the via resource, when it knows that resource\'s fields', () => {
    const fieldsOf = (name: string) => (name === 'store' ? ['id', 'merchantId', 'name'] : undefined);
    const scope = (by: string): Scope => ({
      all: [],
      store: { field: 'merchantId', via: 'store', by },
      merchant: { field: 'merchantId', via: 'merchant', by },
    });
    expect(scopeProblems(scope('merchantId'), ['merchantId'], ['store', 'merchant'], fieldsOf)).toEqual([]);
    expect(scopeProblems(scope('id'), ['merchantId'], ['store', 'merchant'], fieldsOf)).toEqual([]);
    // merchant's fields are unknown (fieldsOf: undefined): not reported
    expect(scopeProblems(scope('merchantID'), ['merchantId'], ['store', 'merchant'], fieldsOf)).toEqual([
      'scope.store.by: "merchantID" is not a field of resource "store"',
    ]);
    // no fieldsOf at all: the check is skipped; an unknown via resource is reported once, not its "by"
    expect(scopeProblems(scope('merchantID'), ['merchantId'], ['store', 'merchant'])).toEqual([]);
    expect(scopeProblems(scope('merchantID'), ['merchantId'], ['merchant'], fieldsOf)).toEqual(['scope.store.via: no resource named "store"']);
  });
});

describe('scopeSql', () => {
  it('adds nothing for an unrestricted user', () => {
    const params: unknown[] = ['x'];
    expect(scopeSql(null, params, 'o')).toBe('');
    expect(andScope('WHERE o.a = $1', null, params, 'o')).toBe('WHERE o.a = $1');
    expect(params).toEqual(['x']);
  });
  it('one bound id is an equality on the snake_case column; none is FALSE; via is a subquery', () => {
    const params: unknown[] = ['x'];
    expect(scopeSql({ field: 'storeId', ids: [7n] }, params, 'o')).toBe('o.store_id = $2');
    expect(params).toEqual(['x', 7n]);
    expect(scopeSql({ field: 'id', ids: [] }, [], 'o')).toBe('FALSE');
    const p2: unknown[] = [];
    expect(scopeSql(of({ roles: [], storeId: 7n }, 'shipment'), p2, 'l', { order: 'orders' })).toBe(
      'l.order_id IN (SELECT id FROM orders WHERE store_id = $1)',
    );
    expect(() => scopeSql(of({ roles: [], storeId: 7n }, 'parcel'), [], 'l')).toThrow(/no table/);
  });
  it('"by" selects that column of the via table (qualified) instead of its id; nested vias nest', () => {
    const p: unknown[] = ['x'];
    expect(scopeSql(of({ roles: [], storeId: 7n }, 'shop'), p, 's', { store: 'stores' })).toBe(
      's.merchant_id IN (SELECT stores.merchant_id FROM stores WHERE id = $2)',
    );
    expect(p).toEqual(['x', 7n]);
    expect(scopeSql(of({ roles: [], storeId: 7n }, 'byId'), [], 't', { store: 'stores' })).toBe('t.store_id IN (SELECT id FROM stores WHERE id = $1)');
    expect(scopeSql(of({ roles: [], storeId: 7n }, 'shopNote'), [], 'n', { store: 'stores', shop: 'shops' })).toBe(
      'n.shop_id IN (SELECT id FROM shops WHERE merchant_id IN (SELECT stores.merchant_id FROM stores WHERE id = $1))',
    );
    // no definition of the resource loaded and none given: an error, never a wider scope
    expect(() => scopeSql(of({ roles: [], storeId: 7n }, 'parcel'), [], 's')).toThrow(/no table known for resource "nowhereDepot"/);
    // a merchant-bound user: an equality, as before
    const pm: unknown[] = [];
    expect(scopeSql(of({ roles: [], merchantId: 3n }, 'shop'), pm, 's', { store: 'stores' })).toBe('s.merchant_id = $1');
    expect(pm).toEqual([3n]);
  });
});

describe('resource tables for "via" rules', () => {
  it("a resource's definition gives its table; another table for the same resource is an error", () => {
    registerResourceTable('depot', 'depots');
    registerResourceTable('depot', 'depots'); // defined again alike: fine
    expect(scopeSql({ field: 'depotId', ids: [], via: { resource: 'depot', restriction: { field: 'id', ids: [5n] } } }, [], 'x')).toBe(
      'x.depot_id IN (SELECT id FROM depots WHERE id = $1)',
    );
    expect(() => registerResourceTable('depot', 'warehouses')).toThrow(/"depot" is defined on two tables: depots and warehouses/);
  });
});
