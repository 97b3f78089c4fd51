/**
 * createOrder: the one way an order comes into existence — the add form and the trade import
 * (merchantAuth module) both call it. It validates references (merchant, shop, product, SKU),
 * snapshots the SKU's service price, writes the order and its first log row and, while the
 * auto-assign switch is on, assigns it in the same transaction.
 */
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import { createIdGenerator } from '../../core/snowflake';
import { autoAssignLocked, isAutoAssignOn } from './assign';
import { SYSTEM_ACTOR, writeLog, type Actor } from './logs';
import { toCents } from '../../core/money';
import { orders, type OrderRow } from './record';
import { checkRegionPath } from '../store';

export interface NewOrder {
  source?: 'manual' | 'import';
  /** platform code; default: the shop's platform, else "manual" */
  platform?: string;
  platformTradeNo?: string | null;
  shopId?: bigint | string | null;
  /** required unless shopId is given (then it must match the shop's merchant) */
  merchantId?: bigint | string | null;
  productId?: bigint | string | null;
  skuId?: bigint | string | null;
  /** required when no productId (otherwise taken from the product) */
  productTitle?: string | null;
  skuName?: string | null;
  quantity?: number | null;
  customerName: string;
  customerPhone: string;
  /** GB/T 2260 codes [province, city?, district?], 6 digits each */
  region: string[];
  address: string;
  /** decimal string, e.g. "199.00" */
  paidAmount: string;
  remark?: string | null;
  attachments?: string[];
  /** imports keep the trade's time; default now() */
  createdAt?: Date | string | null;
}

export interface CreateOptions {
  nextId?: () => bigint;
  /** skip auto-assign even when the switch is on (benchmark seeding) */
  noAutoAssign?: boolean;
}

const fallbackNextId = createIdGenerator(Number(process.env.WORKER_ID ?? Math.floor(Math.random() * 1024)));

function bad(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, values);
}

function id(v: bigint | string | null | undefined): bigint | null {
  if (v === null || v === undefined || v === '') return null;
  return BigInt(v);
}

/**
 * Checks a region is [province, city?, district?] of real GB/T 2260 codes, each inside the one before
 * it (the store module's table): "990000" has the shape of a province code but names no place.
 */
export function checkRegion(region: string[]): [string, string | null, string | null] {
  const [p, c, d] = region;
  if (checkRegionPath(region) !== null) throw bad('server.validation.region', { field: 'order.region' });
  return [p, c ?? null, d ?? null];
}

/**
 * Inserts one order (status pending, or assigned when the auto-assign switch is on and a store
 * covers it) and returns its wire record. Runs in the caller's transaction when there is one.
 *
 * @example
 * const order = await createOrder(db, { merchantId, shopId, customerName: '张伟', customerPhone: '13812345678',
 *   region: ['310000', '310100', '310115'], address: '张江路 88 号', paidAmount: '199.00', source: 'import',
 *   platformTradeNo: 'T20261122001' }, { id: user.id, name: user.nickname });
 */
export async function createOrder(db: Db, data: NewOrder, actor: Actor = SYSTEM_ACTOR, options: CreateOptions = {}) {
  const nextId = options.nextId ?? fallbackNextId;
  const [province, city, district] = checkRegion(data.region);
  const paid = toCents(data.paidAmount);
  if (paid < 0n) throw bad('server.validation.money', { field: 'order.paidAmount' });
  const quantity = data.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) throw bad('server.validation.min', { field: 'order.quantity', limit: 1 });

  return db.transaction(async (tx) => {
    let merchantId = id(data.merchantId);
    const shopId = id(data.shopId);
    let platform = data.platform ?? 'manual';
    if (shopId !== null) {
      const { rows } = await tx.query<{ merchant_id: bigint; platform: string }>('SELECT merchant_id, platform FROM shops WHERE id = $1', [shopId]);
      if (!rows[0]) throw bad('server.order.notFoundRef', { field: 'order.shop' });
      if (merchantId !== null && merchantId !== rows[0].merchant_id) throw bad('server.order.shopMerchantMismatch');
      merchantId = rows[0].merchant_id;
      platform = data.platform ?? rows[0].platform;
    }
    if (merchantId === null) throw bad('server.validation.required', { field: 'order.merchant' });
    const m = await tx.query('SELECT 1 FROM merchants WHERE id = $1', [merchantId]);
    if (!m.rows[0]) throw bad('server.order.notFoundRef', { field: 'order.merchant' });

    let productTitle = data.productTitle?.trim() || null;
    let skuName = data.skuName?.trim() || null;
    let unitServicePrice = '0.00';
    const productId = id(data.productId);
    const skuId = id(data.skuId);
    if (productId !== null) {
      const { rows } = await tx.query<{ title: string; merchant_id: bigint; shop_id: bigint }>(
        'SELECT title, merchant_id, shop_id FROM products WHERE id = $1',
        [productId],
      );
      if (!rows[0]) throw bad('server.order.notFoundRef', { field: 'order.product' });
      if (rows[0].merchant_id !== merchantId || (shopId !== null && rows[0].shop_id !== shopId)) throw bad('server.order.productMismatch');
      productTitle = productTitle ?? rows[0].title;
    }
    if (skuId !== null) {
      const { rows } = await tx.query<{ name: string; product_id: bigint; service_price: string; title: string; merchant_id: bigint }>(
        `SELECT k.name, k.product_id, k.service_price, p.title, p.merchant_id
           FROM skus k JOIN products p ON p.id = k.product_id WHERE k.id = $1`,
        [skuId],
      );
      if (!rows[0]) throw bad('server.order.notFoundRef', { field: 'order.sku' });
      if (productId !== null && rows[0].product_id !== productId) throw bad('server.order.skuMismatch');
      if (rows[0].merchant_id !== merchantId) throw bad('server.order.productMismatch');
      skuName = skuName ?? rows[0].name;
      productTitle = productTitle ?? rows[0].title;
      unitServicePrice = rows[0].service_price;
    }
    if (!productTitle) throw bad('server.order.productTitleRequired');

    if (data.platformTradeNo) {
      const dup = await tx.query('SELECT 1 FROM orders WHERE platform = $1 AND platform_trade_no = $2', [platform, data.platformTradeNo]);
      if (dup.rows[0]) throw new HttpError(409, CODES.CONFLICT, 'server.order.tradeDuplicate', { tradeNo: data.platformTradeNo });
    }

    const orderId = nextId();
    const createdAt = data.createdAt ? new Date(data.createdAt) : new Date();
    // The snowflake id is unique across instances, so the number derived from it is too.
    const orderNo = `SO${orderId}`;
    const source = data.source ?? 'manual';
    await tx.query(
      `INSERT INTO orders (id, order_no, source, platform, platform_trade_no, shop_id, merchant_id, product_id, sku_id,
         product_title, sku_name, quantity, customer_name, customer_phone, province, city, district, address,
         paid_amount, adjusted_amount, unit_service_price, remark, attachments, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$19,$20,$21,$22,$23,now())`,
      [
        orderId,
        orderNo,
        source,
        platform,
        data.platformTradeNo ?? null,
        shopId,
        merchantId,
        productId,
        skuId,
        productTitle,
        skuName,
        quantity,
        data.customerName,
        data.customerPhone,
        province,
        city,
        district,
        data.address,
        data.paidAmount,
        unitServicePrice,
        data.remark ?? null,
        data.attachments ?? [],
        createdAt,
      ],
    );
    await writeLog(tx, nextId, orderId, actor, 'add', null, { status: 'pending', orderNo, source, paidAmount: data.paidAmount });
    if (!options.noAutoAssign && (await isAutoAssignOn(tx))) {
      const locked = await tx.query<OrderRow>('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
      await autoAssignLocked(tx, nextId, locked.rows[0], SYSTEM_ACTOR);
    }
    return orders.get(tx, orderId);
  });
}
