/**
 * API calls from browser tests, as the console makes them: the session token in x-misi-token, GET
 * inputs as query parameters (arrays repeated), POST as JSON or multipart, and json-bigint parsing so
 * 64-bit ids stay exact (as digit strings). Never throws on a non-zero code: callers decide.
 */
import JSONbig from 'json-bigint';
import { BASE } from './browser';

export type Locale = 'zh-CN' | 'en-US';

const bigJson = JSONbig({ storeAsString: true });

export interface ApiAnswer {
  status: number;
  code: number;
  msg: string;
  data: any;
  /** the raw body, to check ids exactly as the server wrote them */
  text: string;
}

export async function callApi(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> | FormData = {},
  opts: { locale?: Locale; idempotent?: boolean } = {},
): Promise<ApiAnswer> {
  const locale = opts.locale ?? 'zh-CN';
  const headers: Record<string, string> = { 'x-misi-token': token, 'x-locale': locale, 'accept-language': locale };
  let url = `${BASE()}/api${path}`;
  let body: string | FormData | undefined;
  if (input instanceof FormData) body = input;
  else if (method === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(input))
      for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined && one !== null && one !== '') q.append(k, String(one));
    if ([...q].length) url += `?${q}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input);
  }
  if (method === 'POST' && opts.idempotent) headers['idempotency-key'] = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const r = await fetch(url, { method, headers, body });
  const text = await r.text();
  const env = bigJson.parse(text) as { code: number; msg: string; data: any };
  return { status: r.status, code: env.code, msg: env.msg, data: env.data, text };
}
