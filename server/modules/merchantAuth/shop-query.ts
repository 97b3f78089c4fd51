/**
 * Reading shops: the paged list, one shop, every shop (/shop/listAll) and the shop dictionary
 * (/dict/shop) other screens use for their shop pickers and labels. Filters, data scope and records
 * come from the resource layer (shop-resource.ts).
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';
import { type ReadOptions } from '../../core/resource';
import { likePattern } from '../../core/sql';
import type { MerchantAuthDictInput, MerchantAuthListAllInput } from '../../../src/generated/types';
import { shops, type ShopRecord } from './shop-resource';

const shopNotFound = (id: string) => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id });

/** Sorting is by a `sortable` field only; anything else is refused by name (not silently ignored). */
export function checkSort(sortField: string | undefined): void {
  if (sortField && !shops.schema.fields?.[sortField]?.sortable)
    throw new HttpError(400, CODES.BAD_REQUEST, 'server.merchantAuth.badSort', { field: sortField });
}

/** One shop with its order count; 404 naming the id when absent or outside the scope. */
export async function shopDetail(db: Db, id: string, opts: ReadOptions = {}): Promise<ShopRecord> {
  const rec = await shops.find(db, id, opts);
  if (!rec) throw shopNotFound(id);
  const orders = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE shop_id = $1', [id]);
  return { ...rec, orderCount: orders.rows[0].n };
}

/** Every shop matching the filters, by merchant then name (no paging: a merchant has a handful). */
export async function listAllShops(db: Db, input: MerchantAuthListAllInput, opts: ReadOptions = {}): Promise<ShopRecord[]> {
  const where = shops.whereOf(input, opts);
  const rows = await db.query(`${shops.selectSql} ${where.sql} ORDER BY m.name, s.name, s.id LIMIT 2000`, where.params);
  return rows.rows.map((r) => shops.toRecord(r));
}

/**
 * Shop options: value = id, label = name, plus platform, merchantId and authStatus so pickers can
 * group or grey out. `keyword` matches the name or the platform shop id; 50 options at most.
 * Unbound shops stay in the dictionary so orders that reference them still show a label.
 */
export async function shopOptions(db: Db, input: MerchantAuthDictInput, opts: ReadOptions = {}) {
  const where = shops.whereOf({ merchantId: input.merchantId, platform: input.platform, authStatus: input.authStatus }, opts);
  if (input.keyword?.trim()) {
    const kw = likePattern(input.keyword.trim());
    where.add((p) => `(s.name ILIKE ${p(kw)} OR s.platform_shop_id ILIKE ${p(kw)})`);
  }
  const rows = await db.query<{ id: bigint; name: string; platform: string; merchant_id: bigint; auth_status: string }>(
    `SELECT s.id, s.name, s.platform, s.merchant_id, s.auth_status FROM shops s ${where.sql}
      ORDER BY (s.auth_status = 'authorized') DESC, s.name, s.id LIMIT 50`,
    where.params,
  );
  return rows.rows.map((r) => ({ value: r.id, label: r.name, platform: r.platform, merchantId: r.merchant_id, authStatus: r.auth_status }));
}
