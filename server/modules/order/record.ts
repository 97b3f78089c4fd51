/**
 * The order as the resource layer reads it (server/core/resource.ts, from schemas/order.json's fields),
 * plus the row the business rules lock and change (`OrderRow`, snake_case as stored).
 *
 * Speed at a million orders (README "Reads"): names are scalar subqueries by primary key, not joins
 * (planning a five-table join over the 18 indexes of `orders` cost 1–1.7 ms, ten times its execution);
 * the page is cut in an inner query (`pageFirst`), its rows travel as one JSON array each (`jsonRows`),
 * text searches are prefix matches served by text_pattern_ops indexes (`prefixSearch`), and the totals
 * are exact up to 10,000 and the planner's estimate beyond (`count: 'estimated'`).
 */
import type { Db } from '../../core/contract';
import { toCents } from '../../core/money';
import { defineResource } from '../../core/resource-write';
import type { OrderRecord } from '../../../src/generated/types';
import { refundable, settlementAmount } from './money';
import { regionLabelOf } from '../store';

/**
 * The name of an order's merchant, shop, store or staff member by the id in `col` (a scalar subquery by
 * primary key): the list's cells and the log's changed values (logs.ts) are labelled the same way.
 */
export const NAME_OF = {
  merchantId: (col: string) => `(SELECT m.name FROM merchants m WHERE m.id = ${col})`,
  shopId: (col: string) => `(SELECT sh.name FROM shops sh WHERE sh.id = ${col})`,
  storeId: (col: string) => `(SELECT st.name FROM stores st WHERE st.id = ${col})`,
  staffId: (col: string) => `(SELECT COALESCE(NULLIF(u.nickname, ''), u.username) FROM users u WHERE u.id = ${col})`,
} as const;

const MERCHANT_NAME = NAME_OF.merchantId('o.merchant_id');
const SHOP_NAME = NAME_OF.shopId('o.shop_id');

/** What the wire record carries beyond the schema's fields: names for the cells and the detail. */
export interface OrderLabels {
  regionName: string | null;
  storeName: string | null;
  staffName: string | null;
  /** `<field>Name`: the renderer labels dict/ref cells from the record itself (no option lookups) */
  merchantIdName: string | null;
  shopIdName: string | null;
  storeIdName: string | null;
  staffIdName: string | null;
}

export type OrderView = OrderRecord<bigint> & OrderLabels;

export const orders = defineResource<OrderView>({
  name: 'order',
  table: 'orders',
  alias: 'o',
  columns: {
    merchantName: MERCHANT_NAME,
    shopName: SHOP_NAME,
    region: 'array_remove(ARRAY[o.province, o.city, o.district], NULL)',
    // computed by the module's money rules (toRecord), or inputs of actions only
    refundable: false,
    settlePreview: false,
    workOrderType: false,
    appointmentAt: false,
    notes: false,
    reason: false,
    newAmount: false,
    refundAmount: false,
    ids: false,
    autoAssign: false,
  },
  labels: {
    storeId: NAME_OF.storeId('o.store_id'),
    staffId: NAME_OF.staffId('o.staff_id'),
  },
  idFields: ['shopId', 'storeId', 'staffId'],
  prefixSearch: ['orderNo', 'platformTradeNo', 'customerName', 'customerPhone'],
  count: 'estimated',
  pageFirst: true,
  jsonRows: true,
  notFoundKey: 'server.order.notFound',
  // Fills in the record the resource layer made for this row (fresh, so it is changed in place): a
  // spread with overrides ({ ...r, region }) takes V8's slow path, 29 µs a row, most of a page's CPU.
  toRecord: (r) => {
    const region = (r.region ?? []).filter(Boolean);
    const out = r as OrderView;
    out.region = region;
    out.regionName = regionLabelOf(region);
    out.attachments = r.attachments ?? [];
    out.refundable = refundable(r.adjustedAmount!, r.refundedAmount!);
    out.settlePreview = settlementAmount({
      unitServicePrice: r.unitServicePrice!,
      serviceAmount: r.serviceAmount,
      quantity: r.quantity!,
      paidAmount: r.paidAmount!,
      adjustedAmount: r.adjustedAmount!,
      refundedAmount: r.refundedAmount!,
    });
    out.merchantIdName = r.merchantName ?? null;
    out.shopIdName = r.shopName ?? null;
    out.storeName = r.storeIdName;
    out.staffName = r.staffIdName;
    return out;
  },
});

/** The orders table's row, as the business rules lock and change it. */
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

/** Locks one order row for the rest of the transaction (SELECT … FOR UPDATE OF o). */
export async function lockOrder(db: Db, id: bigint): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`SELECT o.* FROM orders o WHERE o.id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}
