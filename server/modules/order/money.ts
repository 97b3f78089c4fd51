/**
 * The order's money rules (settlement, refundable), in integer cents (server/core/money.ts).
 */
import { fromCents, toCents } from '../../core/money';

export interface SettlementInput {
  /** SKU service price per unit, snapshotted on the order (orders.unit_service_price) */
  unitServicePrice: string;
  /** the base finance entered for an order without a SKU (orders.service_amount); replaces price × quantity */
  serviceAmount?: string | null;
  quantity: number;
  paidAmount: string;
  adjustedAmount: string;
  refundedAmount: string;
}

/**
 * The amount a store earns for an order (see README "Settlement formula"):
 *
 *   base       = service_amount (entered by finance for an order without a SKU), else unit_service_price × quantity
 *   settlement = round_half_up( base × (adjusted_amount − refunded_amount) / paid_amount , 2 )
 *
 * i.e. the SKU's service price scaled by the share of the customer's payment the business finally
 * keeps. With paid_amount = 0 (a free order) the share is 1: nothing was paid, nothing can be
 * re-priced or refunded, and the store still earns its service price. The same formula is used by the
 * SQL of the benchmark seed (numeric round() is half away from zero, equal to half-up here).
 *
 * @example
 * settlementAmount({ unitServicePrice: '80.00', quantity: 2, paidAmount: '200.00',
 *                    adjustedAmount: '180.00', refundedAmount: '30.00' }) // "120.00"
 */
export function settlementAmount(i: SettlementInput): string {
  const base = i.serviceAmount != null ? toCents(i.serviceAmount) : toCents(i.unitServicePrice) * BigInt(i.quantity);
  const paid = toCents(i.paidAmount);
  if (paid === 0n) return fromCents(base);
  const kept = toCents(i.adjustedAmount) - toCents(i.refundedAmount);
  if (kept <= 0n) return '0.00';
  const num = base * kept;
  // round half up for a non-negative quotient: floor((2·num + den) / (2·den))
  return fromCents((2n * num + paid) / (2n * paid));
}

/** Refundable now: what the customer paid after price adjustments, less what was refunded. */
export function refundable(adjustedAmount: string, refundedAmount: string): string {
  const r = toCents(adjustedAmount) - toCents(refundedAmount);
  return fromCents(r < 0n ? 0n : r);
}
