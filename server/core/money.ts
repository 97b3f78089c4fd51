/**
 * Exact money: wire and SQL numeric values are decimal strings ("199.00"), arithmetic is in integer
 * cents (BigInt), never floats. The one home of the money pattern.
 *
 * @example
 * toCents('199.5') // 19950n;  fromCents(19950n) // '199.50';  divRound(1000n, 3n) // 333n
 */

const MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "199.5" → 19950n. Throws on anything that is not a plain decimal with at most 2 places. */
export function toCents(value: string | number | bigint): bigint {
  const s = String(value).trim();
  const m = MONEY.exec(s);
  if (!m) throw new Error(`not a money value: "${s}"`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** 19950n → "199.50" */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** a / b rounded half away from zero (0 when b is 0). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n;
  const neg = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (x * 2n + y) / (2n * y);
  return neg ? -q : q;
}

/** "99999" → "99,999.00": an amount in a message, as people read it. */
export function moneyText(value: string | number | bigint): string {
  const [i, f] = fromCents(toCents(value)).split('.');
  return `${BigInt(i).toLocaleString('en-US')}.${f}`;
}
