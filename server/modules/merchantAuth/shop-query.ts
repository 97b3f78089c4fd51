/**
 * Reading shops: the paged list, one shop, every shop (/shop/listAll) and the shop dictionary
 * (/dict/shop) other screens use for their shop pickers and labels.
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';
import { scopeSql, type RowRestriction } from '../../core/data-scope';
import { likePattern, Where } from '../../core/sql';
import type { MerchantAuthDictInput, MerchantAuthListAllInput, MerchantAuthListInput } from '../../../src/generated/types';
import { SHOP_COLUMNS, shopRecord, type ShopListRow } from './shop-record';

type ShopFilter = MerchantAuthListAllInput & Pick<MerchantAuthListInput, 'name'>;

/** The filters, with the user's data scope (server/core/data-scope.ts) ANDed in. */
function where(f: ShopFilter, params: unknown[], scope: RowRestriction | null = null): string {
  const w = new Where(params);
  const add = (sql: string, v: unknown) => w.add((p) => sql.replace('?', p(v)));
  if (f.merchantId) add('s.merchant_id = ?', f.merchantId);
  if (f.platform) add('s.platform = ?', f.platform);
  if (f.authStatus) add('s.auth_status = ?', f.authStatus);
  if (f.name?.trim()) add(`s.name ILIKE ? ESCAPE '\\'`, likePattern(f.name.trim()));
  const scoped = scopeSql(scope, params, 's');
  if (scoped) w.add(scoped);
  return w.sql;
}

const SORTS: Record<string, string> = {
  authorizedAt: 's.authorized_at',
  tokenExpiresAt: 's.token_expires_at',
  lastSyncAt: 's.last_sync_at',
  createdAt: 's.created_at',
};

export async function listShops(db: Db, input: Record<string, any>, scope: RowRestriction | null = null) {
  const current = Number(input.current ?? 1);
  const pageSize = Number(input.pageSize ?? 20);
  const params: unknown[] = [];
  const w = where(input, params, scope);
  const sortCol = input.sortField ? SORTS[input.sortField] : undefined;
  if (input.sortField && !sortCol) throw new HttpError(400, CODES.BAD_REQUEST, 'server.merchantAuth.badSort', { field: String(input.sortField) });
  const order = sortCol ? `${sortCol} ${input.sortOrder === 'ascend' ? 'ASC' : 'DESC'} NULLS LAST, s.id DESC` : 's.created_at DESC, s.id DESC';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shops s ${w}`, params);
  const rows = await db.query<ShopListRow>(
    `SELECT ${SHOP_COLUMNS} FROM shops s JOIN merchants m ON m.id = s.merchant_id ${w}
      ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    params,
  );
  return { list: rows.rows.map(shopRecord), total: total.rows[0].n, current, pageSize };
}

export async function shopDetail(db: Db, id: string) {
  const r = await db.query<ShopListRow>(
    `SELECT ${SHOP_COLUMNS}, (SELECT count(*)::int FROM orders o WHERE o.shop_id = s.id) AS order_count
       FROM shops s JOIN merchants m ON m.id = s.merchant_id WHERE s.id = $1`,
    [id],
  );
  if (!r.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id });
  return shopRecord(r.rows[0]);
}

/** Every shop matching the filters, by merchant then name (no paging: a merchant has a handful). */
export async function listAllShops(db: Db, f: ShopFilter, scope: RowRestriction | null = null) {
  const params: unknown[] = [];
  const rows = await db.query<ShopListRow>(
    `SELECT ${SHOP_COLUMNS} FROM shops s JOIN merchants m ON m.id = s.merchant_id ${where(f, params, scope)}
      ORDER BY m.name, s.name, s.id LIMIT 2000`,
    params,
  );
  return rows.rows.map(shopRecord);
}

/**
 * Shop options: value = id, label = name, plus platform, merchantId and authStatus so pickers can
 * group or grey out. `keyword` matches the name or the platform shop id; 50 options at most.
 * Unbound shops stay in the dictionary so orders that reference them still show a label.
 */
export async function shopOptions(db: Db, input: MerchantAuthDictInput, scope: RowRestriction | null = null) {
  const params: unknown[] = [];
  let w = where({ merchantId: input.merchantId, platform: input.platform, authStatus: input.authStatus }, params, scope);
  if (input.keyword?.trim()) {
    params.push(likePattern(input.keyword.trim()));
    const cond = `(s.name ILIKE $${params.length} ESCAPE '\\' OR s.platform_shop_id ILIKE $${params.length} ESCAPE '\\')`;
    w = w ? `${w} AND ${cond}` : `WHERE ${cond}`;
  }
  const rows = await db.query<{ id: bigint; name: string; platform: string; merchant_id: bigint; auth_status: string }>(
    `SELECT s.id, s.name, s.platform, s.merchant_id, s.auth_status FROM shops s ${w}
      ORDER BY (s.auth_status = 'authorized') DESC, s.name, s.id LIMIT 50`,
    params,
  );
  return rows.rows.map((r) => ({ value: r.id, label: r.name, platform: r.platform, merchantId: r.merchant_id, authStatus: r.auth_status }));
}
