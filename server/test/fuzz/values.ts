/**
 * fast-check arbitraries for the API fuzz test: from one OpenAPI parameter schema, a value that
 * should pass (so requests get past validation and into the handlers) or one that should be refused
 * (wrong types, out-of-range numbers and ids, huge strings, control characters, SQL-ish and unicode
 * text). Values are JSON values; `asQuery` turns one into what a query string or a form part carries.
 *
 * @example
 * const arb = paramValue(schema, pools); // fc.Arbitrary<unknown>
 * fc.sample(arb, { seed: 1, numRuns: 3 });
 */
import fc from 'fast-check';

type Json = Record<string, any>;

/** Real values found in the database, so valid-looking requests reach real rows. */
export interface Pools {
  ids: string[];
  regions: string[];
  fileKeys: string[];
}

export const OMIT = Symbol('omit');

const BIG_INTS = [2n ** 31n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 64n, 10n ** 19n - 1n, 10n ** 20n - 1n, -(2n ** 63n) - 1n];
const ID_STRINGS = [
  '0',
  '-1',
  '01',
  '1e3',
  ' 1',
  '1 ',
  '0x1F',
  '１２３',
  '9223372036854775807',
  '9223372036854775808',
  '9999999999999999999',
  '99999999999999999999',
  '46116860184273880',
  '-9223372036854775809',
];
const NUMBERS = [0, -1, -0.5, 0.5, 1.005, 1e-7, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308];
const WRONG_TYPES: unknown[] = [true, false, null, [], {}, [1, 'a'], { a: { b: 1 } }, [[[]]], '', ' '];
const DATES = [
  '2024-02-30',
  '0000-00-00',
  '2024-13-01',
  '99999-01-01',
  '275760-09-13',
  '-000001-01-01',
  '2024-01-01T25:61:00Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999+14:00',
  'yesterday',
];
const MONEY = ['1e3', '0.001', '-0.01', '-9999999999.99', '99999999999.99', '9999999999.99', '１.00', '1,000.00', 'NaN', 'Infinity', '.5', '5.'];
const TEXTS = [
  'x\u0000y',
  '\u0000',
  'x\ud800y',
  '\udc00',
  'a\ud83d',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  "admin'--",
  '%',
  '%_%\\',
  '\\',
  '"',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\r\n\t\u0001\u001f\u007f',
  '\u202eevil',
  '\u200b\u200d\ufeff',
  '😀👨‍👩‍👧‍👦',
  '订单\u3000测试',
  'Ａｄｍｉｎ',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
];
const HUGE = ['a'.repeat(10_000), '长'.repeat(100_000), '%'.repeat(5_000), '😀'.repeat(5_000)];

const weighted = <T>(...xs: [number, fc.Arbitrary<T>][]) => fc.oneof(...xs.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** A value the schema should accept. */
export function validValue(s: Json, pools: Pools): fc.Arbitrary<unknown> {
  if (s.anyOf) return validValue(s.anyOf[0], pools);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum.length ? s.enum : ['x']));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'array': {
      const max = Math.min(s.maxItems ?? 3, 3);
      return fc.array(validValue(s.items ?? {}, pools), { minLength: Math.min(s.minItems ?? 0, max), maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -5, -5), max: Math.min(s.maximum ?? 50, 50) });
    case 'number':
      return fc.double({ min: Math.max(s.minimum ?? 0, 0), max: Math.min(s.maximum ?? 100, 100), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return validString(s, pools);
    default:
      return fc.constant('x');
  }
}

function validString(s: Json, pools: Pools): fc.Arbitrary<unknown> {
  const pattern = String(s.pattern ?? '');
  if (s.format === 'date') return fc.constantFrom('2024-01-01', '2025-06-30', '2026-11-24');
  if (s.format === 'date-time') return fc.constantFrom('2026-01-01T08:00:00+08:00', '2025-06-30T00:00:00Z');
  if (pattern.startsWith('^[1-9][0-9]')) return fc.constantFrom(...pools.ids, '1', '1876543210987654321');
  if (pattern === '^\\d{6}$') return fc.constantFrom(...pools.regions, '110101');
  if (pattern === '^[a-f0-9]{32}$') return fc.constantFrom(...pools.fileKeys, 'a'.repeat(32));
  if (pattern.includes('\\d{1,10}')) return fc.constantFrom('0.01', '1.00', '99.5', '199.00', '0.00');
  if (pattern.startsWith('^[A-Za-z0-9_.:-]')) return fc.constantFrom(...pools.ids, 'pending', 'tmall', 'install');
  if (pattern.startsWith('^(1[3-9]')) return fc.constantFrom('13800138000', '010-12345678');
  if (pattern === '^(ascend|descend)$') return fc.constantFrom('ascend', 'descend');
  const maxLength = Math.min(s.maxLength ?? 24, 24);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  return fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.max(maxLength, 1) });
}

/** A value the schema should refuse (or, for free text, accept without harm). */
export function nastyValue(): fc.Arbitrary<unknown> {
  return weighted<unknown>(
    [3, fc.constantFrom(...TEXTS)],
    [2, fc.constantFrom('x\u0000y', 'x\ud800y', '\udc00', 'ok\u0000')],
    [2, fc.constantFrom(...ID_STRINGS)],
    [2, fc.constantFrom(...BIG_INTS)],
    [2, fc.constantFrom(...NUMBERS)],
    [2, fc.constantFrom(...WRONG_TYPES)],
    [1, fc.constantFrom(...DATES)],
    [1, fc.constantFrom(...MONEY)],
    [1, fc.constantFrom(...HUGE)],
    [2, fc.string({ unit: 'binary', maxLength: 40 })],
    [1, fc.array(fc.constantFrom<unknown>(...TEXTS, ...ID_STRINGS, ...BIG_INTS), { minLength: 2, maxLength: 600 })],
  );
}

/** One parameter: left out, valid, or nasty. Required parameters are left out less often. */
export function paramValue(s: Json, pools: Pools, required: boolean): fc.Arbitrary<unknown> {
  return weighted<unknown>([required ? 1 : 3, fc.constant(OMIT)], [5, validValue(s, pools)], [6, nastyValue()]);
}

/** What a query string or a multipart part carries for a JSON value: strings, repeated for a list. */
export function asQuery(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)));
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

/** Unknown parameter names a request may carry besides the declared ones. */
export const EXTRA_NAMES = ['unknownField', 'constructor', 'id ', 'ID', '', 'a\u0000b', 'x'.repeat(300)];
