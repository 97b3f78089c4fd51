/**
 * Dashboard figures: sums in cents (server/core/money.ts) and display ratios.
 *
 * @example
 * cents(null) // 0n;  change(120n, 100n) // 0.2
 */
import { divRound, toCents } from '../../core/money';
/** A SQL sum (null when no rows) in cents. */
export function cents(v: string | null | undefined): bigint {
  return v === null || v === undefined || v === '' ? 0n : toCents(v);
}

/** (value − previous) / previous to 4 decimals (a display ratio, not money); null when previous is 0. */
export function change(value: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  return Number(divRound((value - previous) * 10000n, previous < 0n ? -previous : previous)) / 10000;
}

/** part / whole to 4 decimals; 0 when whole is 0. */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : Number(divRound(BigInt(part) * 10000n, BigInt(whole))) / 10000;
}
