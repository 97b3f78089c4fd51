/**
 * Stands in for `qs`, which umi-request imports for query strings. The shell never asks umi-request
 * to encode anything (client.ts builds query strings and bodies itself), and real qs with its
 * dependencies is ~20 KB gzip in the first chunk. Same call shapes, URLSearchParams inside.
 */
type Params = Record<string, unknown>;

export function stringify(obj: Params, opts?: { arrayFormat?: string }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(obj ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) q.append(opts?.arrayFormat === 'brackets' ? `${k}[]` : k, String(item));
    else q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q.toString();
}

export function parse(str: string): Params {
  const out: Params = {};
  for (const [k, v] of new URLSearchParams(str)) {
    const cur = out[k];
    out[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  }
  return out;
}

export default { stringify, parse };
