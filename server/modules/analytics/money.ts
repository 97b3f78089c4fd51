/**
 * Exact money for the dashboard: decimal strings ↔ integer cents (BigInt), never floats.
 *
 * @example
 * cents('199.5') // 19950n;  money(19950n) // '199.50';  divRound(1000n, 3n) // 333n
 */
export function cents(v: string | null | undefined): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  if (!m) throw new Error(`not a money amount: ${v}`);
  const n = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
}

export function money(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n;
  const neg = a < 0n;
  const x = neg ? -a : a;
  const q = (x * 2n + b) / (2n * b);
  return neg ? -q : q;
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
