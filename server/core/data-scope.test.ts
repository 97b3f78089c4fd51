import { describe, expect, it } from 'vitest';
import { rowRestriction, scopeProblems, type Scope } from '../../src/schema';
import { andScope, scopeSql } from './data-scope';

const SCOPES: Record<string, Scope> = {
  order: { all: ['admin', 'finance'], store: 'storeId', merchant: 'merchantId' },
  shipment: { all: ['admin', 'finance'], store: { field: 'orderId', via: 'order' }, merchant: 'merchantId' },
  merchant: { all: ['admin', 'finance'], merchant: 'id' },
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
  it('the CLI names unknown fields and resources', () => {
    expect(scopeProblems({ all: [], store: 'shopId', merchant: { field: 'orderId', via: 'ordr' } }, ['orderId'], ['order'])).toEqual([
      'scope.store: "shopId" is not a field of this resource',
      'scope.merchant.via: no resource named "ordr"',
    ]);
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
    expect(() => scopeSql(of({ roles: [], storeId: 7n }, 'shipment'), [], 'l')).toThrow(/no table/);
  });
});
