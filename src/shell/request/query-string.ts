/**
 * GET query strings, without json-bigint: the entry's early requests (src/app/early-requests.ts) build the same URLs as the app,
 * so this module stays free of heavy dependencies. BigInt values are written as their exact digits.
 *
 * @example
 * toQuery({ a: [1, 2], b: 'x', c: undefined }) // "a=1&a=2&b=x"
 * toQuery({ id: 1876543210987654321n })        // "id=1876543210987654321"
 * getUrl('/api', 'order/list', { current: 1 }) // "/api/order/list?current=1"
 */
import { apiUrl } from './paths';

/** JSON with BigInts as raw digits (what json-bigint's stringify writes), for object-valued params. */
export function stringifyExact(value: unknown): string {
  const marked = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000big:${v}` : v));
  return marked.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

export function scalar(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null) return stringifyExact(v);
  return String(v);
}

/** Name/value pairs of an input: arrays as repeated names; undefined, null and '' left out. */
export function queryEntries(input: Record<string, unknown> | undefined): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v))
      for (const item of v) {
        if (item !== undefined && item !== null) out.push([k, item]);
      }
    else out.push([k, v]);
  }
  return out;
}

/** Query string with repeated names for arrays (a=1&a=2); empty values are left out. */
export function toQuery(input: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of queryEntries(input)) q.append(k, scalar(v));
  return q.toString();
}

/** The full URL of a GET: prefix and path joined with one slash, then the query (the app's calls and the entry's early ones alike). */
export function getUrl(prefix: string, path: string, input: Record<string, unknown> | undefined): string {
  const q = toQuery(input);
  return apiUrl(prefix, path) + (q ? `?${q}` : '');
}
