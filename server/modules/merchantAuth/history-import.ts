/**
 * POST /merchantAuth/getHistoryTrades: imports a shop's paid trades over a date range (China
 * calendar days, at most 90, not in the future) as orders, through the order module's createOrder
 * (which applies auto-assign). Idempotent: orders are unique by (platform, trade no), so a re-run
 * skips what is already there. Each run leaves a trade_imports row with its counts.
 *
 * Platform calls run outside transactions; each order is written in its own short transaction by
 * createOrder, so a failure half-way keeps what was imported and a re-run completes the rest.
 */
import { toIso } from '../../core/sql';
import { CODES } from '../../../src/schema';
import { midnightIn, todayIn } from '../../../src/schema/time-zone';
import { HttpError, type Db, type HandlerContext } from '../../core/contract';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import { openShopSession, platformFailure } from '../../platforms/shop-session';
import type { PlatformEnv, PlatformTrade } from '../../platforms/types';
import { syncProducts } from '../product';
import { createOrder } from '../order';
import type { MerchantAuthImportRun } from '../../../src/generated/types';

export const MAX_IMPORT_DAYS = 90;
const PAGE_SIZE = 100;
/** 200 pages × 100 = 20 000 trades: far above a 90-day range of a service shop; keeps a run bounded. */
const MAX_PAGES = 200;
const MAX_REPORTED_FAILURES = 20;
const DAY_MS = 86_400_000;

/** The business time zone (schemas/app.json `timeZone`): the import's days are calendar days there. */
const businessZone = (ctx: HandlerContext) => coreState(ctx.req).schemas.app.timeZone;
const addDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

export interface ImportSummary {
  id: bigint;
  shopId: bigint;
  status: 'done' | 'failed';
  startDate: string;
  endDate: string;
  fetched: number;
  imported: number;
  skipped: number;
  unmatched: number;
  failed: number;
  failures: { tradeNo: string; reason: string }[];
  /** products created by the product sync run first for a shop never synced before */
  productsSynced: number;
}

function badRange(ctx: HandlerContext, key: string, values: Record<string, string | number> = {}) {
  const field = coreState(ctx.req).i18n.t(ctx.locale, 'merchantAuth.importRange');
  return new HttpError(400, CODES.BAD_REQUEST, key, { field, ...values });
}

interface Catalog {
  products: Map<string, { id: bigint; title: string }>;
  skus: Map<string, { id: bigint; name: string }>;
}

async function loadCatalog(db: Db, shopId: bigint): Promise<Catalog> {
  const p = await db.query<{ id: bigint; platform_product_id: string; title: string }>(
    'SELECT id, platform_product_id, title FROM products WHERE shop_id = $1',
    [shopId],
  );
  const k = await db.query<{ id: bigint; product_id: bigint; platform_product_id: string; platform_sku_id: string; name: string }>(
    `SELECT k.id, k.product_id, p.platform_product_id, k.platform_sku_id, k.name
       FROM skus k JOIN products p ON p.id = k.product_id WHERE p.shop_id = $1`,
    [shopId],
  );
  return {
    products: new Map(p.rows.map((r) => [r.platform_product_id, { id: r.id, title: r.title }])),
    skus: new Map(k.rows.map((r) => [`${r.platform_product_id}|${r.platform_sku_id}`, { id: r.id, name: r.name }])),
  };
}

function isDuplicate(e: unknown): boolean {
  return (e instanceof HttpError && e.key === 'server.order.tradeDuplicate') || (e as { code?: string })?.code === '23505';
}

export async function importHistoryTrades(ctx: HandlerContext): Promise<ImportSummary> {
  const [startDate, endDate] = ctx.input.importRange as [string, string];
  if (startDate > endDate) throw badRange(ctx, 'server.merchantAuth.rangeOrder');
  const zone = businessZone(ctx);
  const midnight = (day: string) => midnightIn(zone, day);
  if (endDate > todayIn(zone)) throw badRange(ctx, 'server.merchantAuth.rangeFuture');
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS) + 1;
  if (days > MAX_IMPORT_DAYS) throw badRange(ctx, 'server.merchantAuth.rangeTooLong', { max: MAX_IMPORT_DAYS, days });

  const env = lazyPlatformEnv(ctx.req);
  const session = await openShopSession(ctx.db, env, ctx.input.id);
  const { shop, adapter } = session;
  const productsSynced = await syncIfNeverSynced(ctx, env, shop.id);
  const range = { start: midnight(startDate), end: new Date(Math.min(midnight(addDay(endDate)).getTime(), Date.now())) };

  // A run that died with its server (no finish recorded within an hour) is marked as such.
  await ctx.db.query(
    `UPDATE trade_imports SET status = 'failed', error = 'interrupted', finished_at = now()
      WHERE shop_id = $1 AND status = 'running' AND created_at < now() - interval '1 hour'`,
    [shop.id],
  );
  const importId = ctx.nextId();
  await ctx.db.query(`INSERT INTO trade_imports (id, shop_id, start_time, end_time, status, created_by) VALUES ($1, $2, $3, $4, 'running', $5)`, [
    importId,
    shop.id,
    range.start,
    range.end,
    ctx.user?.id ?? null,
  ]);

  const summary: ImportSummary = {
    id: importId,
    shopId: shop.id,
    status: 'done',
    startDate,
    endDate,
    fetched: 0,
    imported: 0,
    skipped: 0,
    unmatched: 0,
    failed: 0,
    failures: [],
    productsSynced,
  };
  const actor = { id: ctx.user?.id ?? null, name: ctx.user?.nickname ?? 'system' };
  let failure: HttpError | null = null;
  try {
    const catalog = await loadCatalog(ctx.db, shop.id);
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await session.call((token) => adapter.listTrades(token, range, { page, pageSize: PAGE_SIZE }));
      summary.fetched += result.items.length;
      await importPage(ctx, shop, result.items, catalog, actor, summary);
      if (result.items.length < PAGE_SIZE || page * PAGE_SIZE >= result.total) break;
    }
  } catch (e) {
    failure = platformFailure(e, shop.name);
    summary.status = 'failed';
  }
  const error = failure
    ? coreState(ctx.req).i18n.t(ctx.locale, failure.key, failure.values)
    : summary.failures.length
      ? summary.failures.map((f) => `${f.tradeNo}: ${f.reason}`).join('\n')
      : null;
  await ctx.db.query(
    `UPDATE trade_imports SET status = $2, fetched = $3, imported = $4, skipped = $5, unmatched = $6, error = $7, finished_at = now()
      WHERE id = $1`,
    [importId, summary.status, summary.fetched, summary.imported, summary.skipped, summary.unmatched, error],
  );
  if (failure) throw new HttpError(failure.status, failure.code, failure.key, failure.values, summary);
  return summary;
}

/**
 * Trades are matched to synced products and SKUs; a shop that was never synced gets its products
 * first. A sync that cannot run now (busy, platform trouble) does not stop the import: its trades
 * then come in unmatched, with the trade's titles.
 */
async function syncIfNeverSynced(ctx: HandlerContext, env: PlatformEnv, shopId: bigint): Promise<number> {
  const r = await ctx.db.query<{ last_sync_at: Date | null }>('SELECT last_sync_at FROM shops WHERE id = $1', [shopId]);
  if (r.rows[0]?.last_sync_at) return 0;
  const { i18n } = coreState(ctx.req);
  try {
    const report = await syncProducts(ctx.db, env, {
      shopId: String(shopId),
      nextId: ctx.nextId,
      translate: (key, values) => i18n.t(ctx.locale, key, values),
    });
    return report.productsCreated;
  } catch (e) {
    ctx.req.log.warn({ err: e }, 'product sync before a trade import failed; importing unmatched');
    return 0;
  }
}

async function importPage(
  ctx: HandlerContext,
  shop: { id: bigint; merchant_id: bigint; platform: string },
  trades: PlatformTrade[],
  catalog: Catalog,
  actor: { id: bigint | null; name: string },
  summary: ImportSummary,
) {
  if (!trades.length) return;
  const existing = await ctx.db.query<{ platform_trade_no: string }>(
    'SELECT platform_trade_no FROM orders WHERE platform = $1 AND platform_trade_no = ANY($2::text[])',
    [shop.platform, trades.map((t) => t.tradeNo)],
  );
  const known = new Set(existing.rows.map((r) => r.platform_trade_no));
  for (const t of trades) {
    if (known.has(t.tradeNo)) {
      summary.skipped++;
      continue;
    }
    const product = catalog.products.get(t.platformProductId);
    const sku = t.platformSkuId ? catalog.skus.get(`${t.platformProductId}|${t.platformSkuId}`) : undefined;
    const unmatched = !product || (!!t.platformSkuId && !sku);
    try {
      await createOrder(
        ctx.db,
        {
          source: 'import',
          platform: shop.platform,
          platformTradeNo: t.tradeNo,
          shopId: shop.id,
          merchantId: shop.merchant_id,
          productId: product?.id ?? null,
          skuId: product && sku ? sku.id : null,
          productTitle: t.title,
          skuName: t.skuName,
          quantity: t.quantity,
          customerName: t.buyerName,
          customerPhone: t.buyerPhone,
          region: [t.province, t.city, t.district].filter((x): x is string => !!x),
          address: t.address,
          paidAmount: t.payment,
          remark: t.buyerMessage,
          createdAt: t.createdAt,
        },
        actor,
        { nextId: ctx.nextId },
      );
      known.add(t.tradeNo);
      summary.imported++;
      if (unmatched) summary.unmatched++;
    } catch (e) {
      if (isDuplicate(e)) {
        // Imported meanwhile by a concurrent run: the same outcome as a skip.
        summary.skipped++;
        continue;
      }
      summary.failed++;
      const reason = e instanceof HttpError ? coreState(ctx.req).i18n.t(ctx.locale, e.key, e.values) : (e as Error).message;
      if (summary.failures.length < MAX_REPORTED_FAILURES) summary.failures.push({ tradeNo: t.tradeNo, reason });
    }
  }
}

/** GET /merchantAuth/imports — the last 50 imports of a shop, newest first. */
export async function listImports(db: Db, shopId: string): Promise<MerchantAuthImportRun<bigint>[]> {
  const r = await db.query<{
    id: bigint;
    start_time: Date;
    end_time: Date;
    status: string;
    fetched: number;
    imported: number;
    skipped: number;
    unmatched: number;
    error: string | null;
    operator: string | null;
    created_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT t.id, t.start_time, t.end_time, t.status, t.fetched, t.imported, t.skipped, t.unmatched, t.error,
            u.nickname AS operator, t.created_at, t.finished_at
       FROM trade_imports t LEFT JOIN users u ON u.id = t.created_by
      WHERE t.shop_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 50`,
    [shopId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    startTime: toIso(x.start_time)!,
    endTime: toIso(x.end_time)!,
    status: x.status,
    fetched: x.fetched,
    imported: x.imported,
    skipped: x.skipped,
    unmatched: x.unmatched,
    error: x.error,
    operator: x.operator,
    createdAt: toIso(x.created_at)!,
    finishedAt: toIso(x.finished_at),
  }));
}
