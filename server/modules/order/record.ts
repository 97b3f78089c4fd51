/**
 * The order row as stored and as sent: one SELECT list (with the names of the merchant, shop, store
 * and staff, joined in or looked up per row) and one mapping to the wire record (camelCase, money
 * strings, ISO datetimes, region as [province, city, district]).
 */
import { toIso } from '../../core/sql';
import type { Db } from '../../core/contract';
import { toCents } from '../../core/money';
import { refundable, settlementAmount } from './money';
import { regionName } from '../store';

const OWN_COLUMNS = `
  o.id, o.order_no, o.source, o.platform, o.platform_trade_no, o.shop_id, o.merchant_id, o.product_id, o.sku_id,
  o.product_title, o.sku_name, o.quantity, o.customer_name, o.customer_phone, o.province, o.city, o.district,
  o.address, o.paid_amount, o.adjusted_amount, o.refunded_amount, o.settle_amount, o.unit_service_price, o.service_amount, o.status,
  o.store_id, o.staff_id, o.remark, o.attachments, o.close_reason, o.created_at, o.assigned_at, o.settled_at,
  o.closed_at, o.updated_at`;

/** The row with its names, FROM ORDER_FROM (joins: right for many rows, e.g. the export). */
export const ORDER_COLUMNS = `${OWN_COLUMNS},
  m.name AS merchant_name, sh.name AS shop_name, st.name AS store_name,
  COALESCE(NULLIF(u.nickname, ''), u.username) AS staff_name`;

/**
 * The same row FROM `orders o` alone, each name looked up by a scalar subquery (by primary key; the
 * merchant always exists, orders.merchant_id is NOT NULL REFERENCES merchants). For a page of 20 rows
 * planning the five-table join (every index of orders × every join order) took 1–1.7 ms on PostgreSQL,
 * ten times its execution, and more on PGlite; with subqueries planning is ~0.15 ms.
 */
export const ORDER_COLUMNS_BY_SUBQUERY = `${OWN_COLUMNS},
  (SELECT m.name FROM merchants m WHERE m.id = o.merchant_id) AS merchant_name,
  (SELECT sh.name FROM shops sh WHERE sh.id = o.shop_id) AS shop_name,
  (SELECT st.name FROM stores st WHERE st.id = o.store_id) AS store_name,
  (SELECT COALESCE(NULLIF(u.nickname, ''), u.username) FROM users u WHERE u.id = o.staff_id) AS staff_name`;

export const ORDER_FROM = `
  orders o
  JOIN merchants m ON m.id = o.merchant_id
  LEFT JOIN shops sh ON sh.id = o.shop_id
  LEFT JOIN stores st ON st.id = o.store_id
  LEFT JOIN users u ON u.id = o.staff_id`;

export interface OrderRow {
  id: bigint;
  order_no: string;
  source: string;
  platform: string;
  platform_trade_no: string | null;
  shop_id: bigint | null;
  merchant_id: bigint;
  product_id: bigint | null;
  sku_id: bigint | null;
  product_title: string;
  sku_name: string | null;
  quantity: number;
  customer_name: string;
  customer_phone: string;
  province: string;
  city: string | null;
  district: string | null;
  address: string;
  paid_amount: string;
  adjusted_amount: string;
  refunded_amount: string;
  settle_amount: string | null;
  unit_service_price: string;
  /** the settlement base finance entered (orders without a SKU); null: unit_service_price × quantity */
  service_amount: string | null;
  status: string;
  store_id: bigint | null;
  staff_id: bigint | null;
  remark: string | null;
  attachments: string[];
  close_reason: string | null;
  created_at: Date;
  assigned_at: Date | null;
  settled_at: Date | null;
  closed_at: Date | null;
  updated_at: Date;
  merchant_name?: string;
  shop_name?: string | null;
  store_name?: string | null;
  staff_name?: string | null;
}

export function regionOf(r: Pick<OrderRow, 'province' | 'city' | 'district'>): string[] {
  return [r.province, r.city, r.district].filter((x): x is string => !!x);
}

/**
 * The region as the list shows it ("福建省 / 泉州市 / 永春县", every level as the cascader names it):
 * sent as `regionName` so the browser's list needs no region data of its own.
 */
export function regionLabelOf(codes: readonly string[]): string | null {
  return codes.length ? codes.map((c) => regionName(c) ?? c).join(' / ') : null;
}

/**
 * True while an order without a service price (entered without a SKU, so 0.00 was snapshotted) has no
 * settlement base entered by finance: its formula would give 0.00, so confirming the settlement is
 * refused until finance enters the amount (setSettleAmount).
 */
export function needsServiceAmount(r: Pick<OrderRow, 'unit_service_price' | 'service_amount'>): boolean {
  return r.service_amount === null && toCents(r.unit_service_price) === 0n;
}

/** The settlement amount this order would get now (the formula of money.ts on the row). */
export function computedSettlement(r: OrderRow): string {
  return settlementAmount({
    unitServicePrice: r.unit_service_price,
    serviceAmount: r.service_amount,
    quantity: r.quantity,
    paidAmount: r.paid_amount,
    adjustedAmount: r.adjusted_amount,
    refundedAmount: r.refunded_amount,
  });
}

export function toRecord(r: OrderRow): Record<string, unknown> {
  return {
    id: r.id,
    orderNo: r.order_no,
    source: r.source,
    platform: r.platform,
    platformTradeNo: r.platform_trade_no,
    merchantId: r.merchant_id,
    merchantName: r.merchant_name ?? null,
    shopId: r.shop_id,
    shopName: r.shop_name ?? null,
    productId: r.product_id,
    productTitle: r.product_title,
    skuId: r.sku_id,
    skuName: r.sku_name,
    quantity: r.quantity,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    region: regionOf(r),
    regionName: regionLabelOf(regionOf(r)),
    address: r.address,
    paidAmount: r.paid_amount,
    adjustedAmount: r.adjusted_amount,
    refundedAmount: r.refunded_amount,
    refundable: refundable(r.adjusted_amount, r.refunded_amount),
    unitServicePrice: r.unit_service_price,
    serviceAmount: r.service_amount,
    settleAmount: r.settle_amount,
    settlePreview: computedSettlement(r),
    status: r.status,
    storeId: r.store_id,
    storeName: r.store_name ?? null,
    staffId: r.staff_id,
    staffName: r.staff_name ?? null,
    // `<field>Name`: the renderer labels dict/ref cells from the record itself (no option lookups).
    merchantIdName: r.merchant_name ?? null,
    shopIdName: r.shop_name ?? null,
    storeIdName: r.store_name ?? null,
    staffIdName: r.staff_name ?? null,
    remark: r.remark,
    attachments: r.attachments ?? [],
    closeReason: r.close_reason,
    createdAt: toIso(r.created_at),
    assignedAt: toIso(r.assigned_at),
    settledAt: toIso(r.settled_at),
    closedAt: toIso(r.closed_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** Reads one order with its joined names (null when absent). */
export async function readOrder(db: Db, id: bigint): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS_BY_SUBQUERY} FROM orders o WHERE o.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks one order row for the rest of the transaction (SELECT … FOR UPDATE OF o). */
export async function lockOrder(db: Db, id: bigint): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`SELECT o.* FROM orders o WHERE o.id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}
