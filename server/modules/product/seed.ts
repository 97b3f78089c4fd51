/**
 * Demo products and SKUs (product seeds after merchantAuth, before order). Sandbox shops get
 * exactly the listings the sandbox platform serves them, so a later sync updates rather than
 * duplicates; shops on other platforms get two to four services from the same catalogue. Service
 * prices follow the catalogue's usual share of the sale price, in whole yuan.
 */
import type { Db, SeedDeps } from '../../core/contract';
import { CATALOG, centsToMoney } from '../../platforms/sandbox/catalog';
import { hashString, moneyToCents, sandboxProducts, seeded } from '../../platforms/sandbox/generate';
import type { PlatformProduct } from '../../platforms/types';

const DAY = 86_400_000;

/** Catalogue index and SKU index encoded in sandbox-style ids: product …NNN, SKU …NNNSS. */
function servicePrice(productId: string, skuId: string, price: string): string {
  const item = CATALOG[Number(productId.slice(-3))];
  const ref = item?.skus[Number(skuId.slice(-2)) - 1];
  const cents = moneyToCents(price);
  if (!ref) return centsToMoney(Math.floor((cents * 65) / 100 / 100) * 100);
  return centsToMoney(Math.floor((cents * ref.serviceCents) / ref.priceCents / 100) * 100);
}

/** Listings for a shop on a platform without an adapter: 2–4 catalogue items, sandbox-shaped. */
function otherListings(shopKey: string): PlatformProduct[] {
  const r = seeded(`seed-products:${shopKey}`);
  const base = String(500000 + (hashString(shopKey) % 400000));
  const picks = new Set<number>();
  const count = 2 + Math.floor(r() * 3);
  while (picks.size < count) picks.add(Math.floor(r() * CATALOG.length));
  return [...picks]
    .sort((a, b) => a - b)
    .map((index) => {
      const item = CATALOG[index];
      const id = `${base}${String(index).padStart(3, '0')}`;
      const skus = item.skus.map((s, si) => ({
        platformSkuId: `${id}${String(si + 1).padStart(2, '0')}`,
        name: s.name,
        price: centsToMoney(s.priceCents),
        stock: 999,
        enabled: true,
      }));
      return {
        platformProductId: id,
        title: item.title,
        imageUrl: null,
        category: item.category,
        status: r() > 0.12 ? 'on_sale' : 'off_sale',
        price: skus.reduce((m, s) => (moneyToCents(s.price) < moneyToCents(m) ? s.price : m), skus[0].price),
        skus,
      } satisfies PlatformProduct;
    });
}

export async function seedProducts({ db, nextId, demo }: SeedDeps): Promise<void> {
  if (!demo) return;
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  if (existing.rows[0].n > 0) return;
  const shops = await db.query<{
    id: bigint;
    merchant_id: bigint;
    platform: string;
    platform_shop_id: string;
    auth_status: string;
    last_sync_at: Date | null;
    created_at: Date;
  }>(
    `SELECT id, merchant_id, platform, platform_shop_id, auth_status, last_sync_at, created_at FROM shops
      WHERE auth_status <> 'pending' ORDER BY created_at, id`,
  );
  await db.transaction(async (tx) => {
    for (const shop of shops.rows) {
      const listings = shop.platform === 'sandbox' ? sandboxProducts(shop.platform_shop_id) : otherListings(`${shop.platform}:${shop.platform_shop_id}`);
      const syncedAt = shop.last_sync_at ?? new Date(Date.now() - 12 * DAY);
      for (const p of listings) await insertProduct(tx, nextId, shop, p, syncedAt);
    }
  });
}

async function insertProduct(
  tx: Db,
  nextId: () => bigint,
  shop: { id: bigint; merchant_id: bigint; platform: string; created_at: Date },
  p: PlatformProduct,
  syncedAt: Date,
) {
  const id = nextId();
  const createdAt = new Date(shop.created_at.getTime() + 2 * DAY);
  await tx.query(
    `INSERT INTO products (id, shop_id, merchant_id, platform, platform_product_id, title, image_url, category, status, price,
                           synced_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11)`,
    [
      id,
      shop.id,
      shop.merchant_id,
      shop.platform,
      p.platformProductId,
      p.title,
      `/api/public/sandbox/image?productId=${p.platformProductId}`,
      p.category,
      p.status,
      p.price,
      syncedAt,
      createdAt,
    ],
  );
  for (const s of p.skus) {
    await tx.query(
      `INSERT INTO skus (id, product_id, platform_sku_id, name, price, service_price, stock, enabled, synced_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [nextId(), id, s.platformSkuId, s.name, s.price, servicePrice(p.platformProductId, s.platformSkuId, s.price), s.stock, s.enabled, syncedAt],
    );
  }
}
