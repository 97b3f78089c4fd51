/**
 * Reading products and SKUs, and the one thing the console edits on them: a SKU's service price.
 */
import { likePattern, toIso, Where } from '../../core/sql';
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';
import { hasAdapter } from '../../platforms/registry';
import { scopeSql, type RowRestriction } from '../../core/data-scope';

const PRODUCT_COLUMNS = `p.id, p.title, p.image, p.image_url, p.platform, p.shop_id, s.name AS shop_name, s.auth_status AS shop_auth_status, p.merchant_id,
  m.name AS merchant_name, p.platform_product_id, p.category, p.price, p.status, p.synced_at, p.created_at,
  agg.sku_count, agg.min_sp, agg.max_sp`;
const PRODUCT_FROM = `products p JOIN shops s ON s.id = p.shop_id JOIN merchants m ON m.id = p.merchant_id
  LEFT JOIN LATERAL (SELECT count(*)::int AS sku_count, min(k.service_price) AS min_sp, max(k.service_price) AS max_sp
                       FROM skus k WHERE k.product_id = p.id AND k.enabled) agg ON true`;

interface ProductRow {
  id: bigint;
  title: string;
  image: string | null;
  image_url: string | null;
  platform: string;
  shop_id: bigint;
  shop_name: string;
  shop_auth_status: string;
  merchant_id: bigint;
  merchant_name: string;
  platform_product_id: string;
  category: string | null;
  price: string;
  status: string;
  synced_at: Date | null;
  created_at: Date;
  sku_count: number;
  min_sp: string | null;
  max_sp: string | null;
}

function productRecord(r: ProductRow) {
  return {
    id: r.id,
    title: r.title,
    image: r.image,
    // An uploaded image wins over the platform's picture.
    imageUrl: r.image ? `/api/public/file?key=${r.image}` : r.image_url,
    platform: r.platform,
    shopId: r.shop_id,
    shopName: r.shop_name,
    // Can be refreshed from its platform now: the shop is authorised on a platform with an adapter.
    syncable: r.shop_auth_status === 'authorized' && hasAdapter(r.platform),
    merchantId: r.merchant_id,
    merchantName: r.merchant_name,
    platformProductId: r.platform_product_id,
    category: r.category,
    price: r.price,
    skuCount: r.sku_count,
    servicePriceMin: r.min_sp,
    servicePriceMax: r.max_sp,
    servicePriceRange: r.min_sp === null ? null : r.min_sp === r.max_sp ? r.min_sp : `${r.min_sp} ~ ${r.max_sp}`,
    status: r.status,
    syncedAt: toIso(r.synced_at),
    createdAt: toIso(r.created_at),
  };
}

const SORTS: Record<string, string> = { price: 'p.price', syncedAt: 'p.synced_at', createdAt: 'p.created_at' };

export async function listProducts(db: Db, input: Record<string, any>, scope: RowRestriction | null = null) {
  const current = Number(input.current ?? 1);
  const pageSize = Number(input.pageSize ?? 20);
  const w = new Where();
  const params = w.params;
  const add = (sql: string, v: unknown) => w.add((p) => sql.replace('?', p(v)));
  if (input.title?.trim()) add(`p.title ILIKE ? ESCAPE '\\'`, likePattern(input.title.trim()));
  if (input.merchantId) add('p.merchant_id = ?', input.merchantId);
  if (input.shopId) add('p.shop_id = ?', input.shopId);
  if (input.platform) add('p.platform = ?', input.platform);
  if (input.status) add('p.status = ?', input.status);
  if (input.syncedAtFrom) add('p.synced_at >= ?', input.syncedAtFrom);
  if (input.syncedAtTo) add('p.synced_at <= ?', input.syncedAtTo);
  const scoped = scopeSql(scope, params, 'p');
  if (scoped) w.add(scoped);
  const where = w.sql;
  const sortCol = input.sortField ? SORTS[input.sortField] : undefined;
  if (input.sortField && !sortCol) throw new HttpError(400, CODES.BAD_REQUEST, 'server.product.badSort', { field: String(input.sortField) });
  const order = sortCol ? `${sortCol} ${input.sortOrder === 'ascend' ? 'ASC' : 'DESC'} NULLS LAST, p.id DESC` : 'p.created_at DESC, p.id DESC';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products p ${where}`, params);
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    params,
  );
  return { list: rows.rows.map(productRecord), total: total.rows[0].n, current, pageSize };
}

export async function productDetail(db: Db, id: string) {
  const r = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = $1`, [id]);
  if (!r.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.product.notFound', { id });
  return productRecord(r.rows[0]);
}

interface SkuRow {
  id: bigint;
  product_id: bigint;
  platform_sku_id: string;
  name: string;
  price: string;
  service_price: string;
  stock: number;
  enabled: boolean;
  synced_at: Date | null;
  updated_at: Date;
}

function skuRecord(r: SkuRow) {
  return {
    id: r.id,
    productId: r.product_id,
    platformSkuId: r.platform_sku_id,
    name: r.name,
    price: r.price,
    servicePrice: r.service_price,
    stock: r.stock,
    enabled: r.enabled,
    syncedAt: toIso(r.synced_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** GET /sku/list: a product's SKUs, enabled first. */
export async function listSkus(db: Db, productId: string, keyword?: string) {
  const p = await db.query('SELECT 1 FROM products WHERE id = $1', [productId]);
  if (!p.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.product.notFound', { id: productId });
  const params: unknown[] = [productId];
  let filter = '';
  if (keyword?.trim()) {
    params.push(likePattern(keyword.trim()));
    filter = ` AND name ILIKE $2 ESCAPE '\\'`;
  }
  const r = await db.query<SkuRow>(
    `SELECT id, product_id, platform_sku_id, name, price, service_price, stock, enabled, synced_at, updated_at
       FROM skus WHERE product_id = $1${filter} ORDER BY enabled DESC, platform_sku_id, id`,
    params,
  );
  return r.rows.map(skuRecord);
}

/**
 * POST /sku/edit: sets the service price a store earns for a SKU. Orders keep the price they were
 * created with (the order module snapshots it), so a change applies to new orders only. A service
 * price above the SKU's sale price is refused (the store would earn more than the customer pays),
 * naming both amounts; the price is compared in the same statement, so a sync changing it races nothing.
 */
export async function editSku(db: Db, id: string, servicePrice: string) {
  const r = await db.query<SkuRow>(
    `UPDATE skus SET service_price = $2, updated_at = now() WHERE id = $1 AND $2::numeric <= price
     RETURNING id, product_id, platform_sku_id, name, price, service_price, stock, enabled, synced_at, updated_at`,
    [id, servicePrice],
  );
  if (r.rows[0]) return skuRecord(r.rows[0]);
  const sku = await db.query<{ price: string }>('SELECT price FROM skus WHERE id = $1', [id]);
  if (!sku.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.product.skuNotFound', { id });
  throw new HttpError(400, CODES.BAD_REQUEST, 'server.product.servicePriceAboveSale', {
    servicePrice: moneyText(servicePrice),
    price: moneyText(sku.rows[0].price),
  });
}

/** "99999" → "99,999.00": the amounts of a message as people read them. */
function moneyText(v: string): string {
  const [i, f = ''] = String(v).split('.');
  return `${BigInt(i).toLocaleString('en-US')}.${(f + '00').slice(0, 2)}`;
}
