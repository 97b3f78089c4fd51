/**
 * Reading products and SKUs, and the one thing the console edits on them: a SKU's service price.
 */
import type { Db } from '../../core/contract';
import { badField } from '../../core/http-errors';
import { moneyText, toCents } from '../../core/money';
import type { ReadOptions } from '../../core/resource';
import { defineResource } from '../../core/resource-write';
import type { ProductRecord, ProductSku } from '../../../src/generated/types';
import { hasAdapter } from '../../platforms/registry';

/** The record also carries the uploaded image's key. */
export type Product = ProductRecord<bigint> & { image: string | null };

/** Products with their shop and merchant, and the count and service price range of their enabled SKUs. */
export const products = defineResource<Product>({
  name: 'product',
  table: 'products',
  alias: 'p',
  joins: `JOIN shops s ON s.id = p.shop_id JOIN merchants m ON m.id = p.merchant_id
    LEFT JOIN LATERAL (SELECT count(*) AS sku_count, min(k.service_price) AS min_sp, max(k.service_price) AS max_sp
                         FROM skus k WHERE k.product_id = p.id AND k.enabled) agg ON true`,
  countJoins: '', // every product has its shop and merchant (foreign keys)
  columns: {
    shopName: 's.name',
    merchantName: 'm.name',
    skuCount: 'agg.sku_count',
    imageUrl: false,
    servicePriceRange: false,
    servicePriceMin: 'agg.min_sp',
    servicePriceMax: 'agg.max_sp',
    syncable: false,
  },
  selects: { shopAuthStatus: 's.auth_status' },
  nullsLast: true,
  notFoundKey: 'server.product.notFound',
  // Fills in the record the resource layer made for this row (fresh, so changed in place; a spread
  // with overrides takes V8's slow path: see the order's record).
  toRecord: (rec, row) => {
    const out = rec as Product;
    out.image = row.image ?? null;
    // An uploaded image wins over the platform's picture.
    out.imageUrl = row.image ? `/api/public/file?key=${row.image}` : row.image_url;
    // Can be refreshed from its platform now: the shop is authorised on a platform with an adapter.
    out.syncable = row.shopAuthStatus === 'authorized' && hasAdapter(row.platform);
    // the two ends as one text, for the export (the console draws the ends as money: ServicePriceRange.tsx)
    const { servicePriceMin: min, servicePriceMax: max } = out;
    out.servicePriceRange = min == null ? null : min === max ? min : `${min} ~ ${max}`;
    return out;
  },
});

/**
 * A product's SKUs: the resource of product.json's shape "sku" (no screen of their own; the product's
 * detail shows them), searched by product and by name (the list's keyword), enabled first.
 */
export const skus = defineResource<ProductSku<bigint>>({
  name: 'product',
  shape: 'sku',
  table: 'skus',
  alias: 'k',
  search: { productId: true, name: 'like' },
  defaultSort: 'k.enabled DESC, k.platform_sku_id, k.id',
  notFoundKey: 'server.product.skuNotFound',
  touch: 'updated_at',
});

/**
 * POST /sku/edit: sets the service price a store earns for a SKU. Orders keep the price they were
 * created with (the order module snapshots it), so a change applies to new orders only. A service
 * price above the SKU's sale price is refused (the store would earn more than the customer pays),
 * naming both amounts; the SKU is locked while it is compared, so a sync changing the price races nothing.
 */
export function editSku(db: Db, id: string, servicePrice: string, opts: ReadOptions) {
  return db.transaction(async (tx) => {
    const sku = await skus.get(tx, id, { ...opts, forUpdate: true });
    if (toCents(servicePrice) > toCents(sku.price)) {
      throw badField('server.product.servicePriceAboveSale', 'product.sku.servicePrice', {
        servicePrice: moneyText(servicePrice),
        price: moneyText(sku.price),
      });
    }
    return skus.update(tx, id, { servicePrice }, opts);
  });
}
