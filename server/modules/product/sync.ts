/**
 * Product sync: pulls every authorised shop's products and SKUs (or one shop's) from its platform
 * and upserts them by (shop, platform product id) and (product, platform SKU id), so a re-run
 * updates rather than duplicates. The console's own data is never overwritten: a SKU's service
 * price stays as set. A product the platform no longer lists goes off sale; a SKU it no longer
 * has is disabled (orders may still reference both).
 *
 * Bounded: at most MAX_PAGES pages per shop and a time budget below the client's 10-minute
 * timeout; what is left is reported, and the next run continues (upserts are idempotent). A lease
 * on the shop row keeps two syncs of one shop (on any instance) from running at once. Platform
 * calls never run inside a transaction; each page is written in one short transaction.
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';
import { hasAdapter } from '../../platforms/registry';
import { openShopSession, platformFailure } from '../../platforms/shop-session';
import type { PlatformEnv, PlatformProduct } from '../../platforms/types';
import type { ProductSyncReport } from '../../../src/generated/types';

const PAGE_SIZE = 50;
const MAX_PAGES = 100;
/** 9 minutes: the console waits 10 (binding timeout 600000 ms). */
export const SYNC_BUDGET_MS = 9 * 60_000;
const LEASE = "interval '10 minutes'";

/** The counts of a sync report (schemas/product.json shape "syncReport"). */
export type SyncCounts = Pick<ProductSyncReport, 'productsCreated' | 'productsUpdated' | 'productsDelisted' | 'skusCreated' | 'skusUpdated' | 'skusDisabled'>;

export interface SyncReport extends SyncCounts {
  /** shops looked at */
  shops: number;
  /** shops fully synced */
  synced: number;
  skipped: { shopId: bigint; name: string; reason: string }[];
  failed: { shopId: bigint; name: string; reason: string }[];
  /** true when a page or time limit stopped the run before the end */
  truncated: boolean;
  durationMs: number;
}

export interface SyncOptions {
  shopId?: string;
  nextId: () => bigint;
  /** renders an error's i18n key for the report */
  translate: (key: string, values?: Record<string, string | number>) => string;
  budgetMs?: number;
  pageSize?: number;
  /** told once the shop is claimed (0, null) and after each page (products written, the platform's total) */
  onProgress?: (done: number, total: number | null) => Promise<void>;
}

const zero = (): SyncCounts => ({ productsCreated: 0, productsUpdated: 0, productsDelisted: 0, skusCreated: 0, skusUpdated: 0, skusDisabled: 0 });

const COUNT_KEYS = Object.keys(zero()) as (keyof SyncCounts)[];

function addCounts(into: SyncCounts, c: SyncCounts) {
  for (const k of COUNT_KEYS) into[k] += c[k];
}

/** Upserts one product and its SKUs; runs inside the caller's transaction. */
export async function upsertProduct(
  tx: Db,
  nextId: () => bigint,
  shop: { id: bigint; merchant_id: bigint; platform: string },
  p: PlatformProduct,
  existingId: bigint | undefined,
): Promise<SyncCounts & { productId: bigint }> {
  const counts = zero();
  const r = await tx.query<{ id: bigint }>(
    `INSERT INTO products (id, shop_id, merchant_id, platform, platform_product_id, title, image_url, category, status, price, synced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
     ON CONFLICT (shop_id, platform_product_id) DO UPDATE SET
       title = EXCLUDED.title, image_url = EXCLUDED.image_url, category = EXCLUDED.category, status = EXCLUDED.status,
       price = EXCLUDED.price, merchant_id = EXCLUDED.merchant_id, synced_at = now(), updated_at = now()
     RETURNING id`,
    [existingId ?? nextId(), shop.id, shop.merchant_id, shop.platform, p.platformProductId, p.title.slice(0, 200), p.imageUrl, p.category, p.status, p.price],
  );
  const productId = r.rows[0].id;
  if (existingId) counts.productsUpdated++;
  else counts.productsCreated++;

  const known = await tx.query<{ platform_sku_id: string; id: bigint }>('SELECT platform_sku_id, id FROM skus WHERE product_id = $1', [productId]);
  const ids = new Map(known.rows.map((k) => [k.platform_sku_id, k.id]));
  for (const s of p.skus) {
    const id = ids.get(s.platformSkuId);
    await tx.query(
      `INSERT INTO skus (id, product_id, platform_sku_id, name, price, stock, enabled, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (product_id, platform_sku_id) DO UPDATE SET
         name = EXCLUDED.name, price = EXCLUDED.price, stock = EXCLUDED.stock, enabled = EXCLUDED.enabled,
         synced_at = now(), updated_at = now()`,
      [id ?? nextId(), productId, s.platformSkuId, s.name.slice(0, 100), s.price, s.stock, s.enabled],
    );
    if (id) counts.skusUpdated++;
    else counts.skusCreated++;
  }
  const gone = await tx.query(
    `UPDATE skus SET enabled = false, synced_at = now(), updated_at = now()
      WHERE product_id = $1 AND enabled AND NOT (platform_sku_id = ANY($2::text[]))`,
    [productId, p.skus.map((s) => s.platformSkuId)],
  );
  counts.skusDisabled += gone.rowCount ?? 0;
  return { ...counts, productId };
}

async function claimShop(db: Db, shopId: bigint): Promise<boolean> {
  const r = await db.query(
    `UPDATE shops SET sync_lock_until = now() + ${LEASE}
      WHERE id = $1 AND (sync_lock_until IS NULL OR sync_lock_until < now()) RETURNING id`,
    [shopId],
  );
  return (r.rowCount ?? r.rows.length) > 0;
}

async function releaseShop(db: Db, shopId: bigint, synced: boolean) {
  await db.query(`UPDATE shops SET sync_lock_until = NULL${synced ? ', last_sync_at = now()' : ''}, updated_at = now() WHERE id = $1`, [shopId]);
}

/** Syncs one shop; throws HttpError for a shop that cannot be synced. */
async function syncShop(db: Db, env: PlatformEnv, shopId: bigint, opts: SyncOptions, deadline: number): Promise<SyncCounts & { complete: boolean }> {
  const session = await openShopSession(db, env, shopId);
  const { shop, adapter } = session;
  const counts = zero();
  const seen: string[] = [];
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  let complete = false;
  await opts.onProgress?.(0, null);
  for (let page = 1; page <= MAX_PAGES && Date.now() < deadline; page++) {
    const result = await session.call((token) => adapter.listProducts(token, { page, pageSize }));
    const known = await db.query<{ platform_product_id: string; id: bigint }>(
      'SELECT platform_product_id, id FROM products WHERE shop_id = $1 AND platform_product_id = ANY($2::text[])',
      [shop.id, result.items.map((p) => p.platformProductId)],
    );
    const ids = new Map(known.rows.map((k) => [k.platform_product_id, k.id]));
    await db.transaction(async (tx) => {
      for (const p of result.items) addCounts(counts, await upsertProduct(tx, opts.nextId, shop, p, ids.get(p.platformProductId)));
    });
    seen.push(...result.items.map((p) => p.platformProductId));
    await opts.onProgress?.(seen.length, result.total);
    if (result.items.length < pageSize || page * pageSize >= result.total) {
      complete = true;
      break;
    }
  }
  if (complete) {
    // Only a complete listing proves a product is gone.
    const delisted = await db.query(
      `UPDATE products SET status = 'off_sale', updated_at = now()
        WHERE shop_id = $1 AND status = 'on_sale' AND NOT (platform_product_id = ANY($2::text[]))`,
      [shop.id, seen],
    );
    counts.productsDelisted += delisted.rowCount ?? 0;
  }
  return { ...counts, complete };
}

/**
 * GET /product/sync. With shopId, that shop must be authorised on a platform with an adapter
 * (else 404/409); without, every such shop is synced and the others are listed as skipped.
 */
export async function syncProducts(db: Db, env: PlatformEnv, opts: SyncOptions): Promise<SyncReport> {
  const started = Date.now();
  const deadline = started + (opts.budgetMs ?? SYNC_BUDGET_MS);
  const report: SyncReport = { shops: 0, synced: 0, skipped: [], failed: [], truncated: false, durationMs: 0, ...zero() };
  const shops = await db.query<{ id: bigint; name: string; platform: string; auth_status: string }>(
    opts.shopId
      ? 'SELECT id, name, platform, auth_status FROM shops WHERE id = $1'
      : `SELECT id, name, platform, auth_status FROM shops WHERE auth_status = 'authorized' ORDER BY created_at, id`,
    opts.shopId ? [opts.shopId] : [],
  );
  if (opts.shopId && !shops.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id: opts.shopId });
  for (const s of shops.rows) {
    report.shops++;
    if (!hasAdapter(s.platform)) {
      if (opts.shopId) throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.noAdapter', { shop: s.name });
      report.skipped.push({ shopId: s.id, name: s.name, reason: opts.translate('server.product.skipNoAdapter') });
      continue;
    }
    if (Date.now() >= deadline) {
      report.truncated = true;
      report.skipped.push({ shopId: s.id, name: s.name, reason: opts.translate('server.product.syncOutOfTime') });
      continue;
    }
    if (!(await claimShop(db, s.id))) {
      if (opts.shopId) throw new HttpError(409, CODES.CONFLICT, 'server.product.syncBusy', { shop: s.name });
      report.skipped.push({ shopId: s.id, name: s.name, reason: opts.translate('server.product.skipBusy') });
      continue;
    }
    let complete = false;
    try {
      const c = await syncShop(db, env, s.id, opts, deadline);
      addCounts(report, c);
      complete = c.complete;
      if (complete) report.synced++;
      else report.truncated = true;
    } catch (e) {
      const err = platformFailure(e, s.name);
      if (opts.shopId) throw err;
      report.failed.push({ shopId: s.id, name: s.name, reason: opts.translate(err.key, err.values) });
    } finally {
      await releaseShop(db, s.id, complete);
    }
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** GET /sku/sync: refreshes one product and its SKUs from its platform. */
export async function syncOneProduct(db: Db, env: PlatformEnv, productId: string, nextId: () => bigint) {
  const r = await db.query<{ id: bigint; shop_id: bigint; platform_product_id: string; title: string }>(
    'SELECT id, shop_id, platform_product_id, title FROM products WHERE id = $1',
    [productId],
  );
  const product = r.rows[0];
  if (!product) throw new HttpError(404, CODES.NOT_FOUND, 'server.product.notFound', { id: productId });
  const session = await openShopSession(db, env, product.shop_id);
  const fresh = await session.call((token) => session.adapter.getProduct(token, product.platform_product_id));
  if (!fresh) {
    // The platform no longer has it: off sale, SKUs disabled, history kept.
    const counts = zero();
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE products SET status = 'off_sale', synced_at = now(), updated_at = now() WHERE id = $1`, [product.id]);
      const d = await tx.query('UPDATE skus SET enabled = false, updated_at = now() WHERE product_id = $1 AND enabled', [product.id]);
      counts.skusDisabled = d.rowCount ?? 0;
    });
    return { productId: product.id, found: false, ...counts };
  }
  const counts = await db.transaction((tx) => upsertProduct(tx, nextId, session.shop, fresh, product.id));
  return { found: true, ...counts, productId: product.id };
}
