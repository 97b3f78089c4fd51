/**
 * Test kit: drives the sandbox OAuth flow over real HTTP like a browser would (console call →
 * consent page → "agree" → redirect → callback page). Used by this module's and the product
 * module's tests; the app must be listening (the sandbox is called back on loopback).
 */
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../test/helper';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Starts listening on a random loopback port and returns the origin. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${addr.port}`;
}

export async function http(url: string, opts: { token?: string; method?: string; body?: unknown; locale?: string } = {}): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (opts.token) headers['x-misi-token'] = opts.token;
  if (opts.locale) headers['x-locale'] = opts.locale;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Values of the consent page's form inputs, by name. */
export function formValues(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    out[m[1]] = m[2]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  }
  return out;
}

export interface FlowResult {
  authorizeUrl: string;
  consent: HttpResult;
  callbackUrl: string;
  callback: HttpResult;
}

/**
 * The whole flow for one shop account. `auth` is the query of GET /merchantAuth/auth
 * (merchantId + platform, or id). Returns every step for assertions.
 */
export async function authorizeSandboxShop(base: string, token: string, auth: Record<string, string>, account: string): Promise<FlowResult> {
  const started = await http(`${base}/api/merchantAuth/auth?${new URLSearchParams(auth)}`, { token });
  if (started.json?.code !== 0) throw new Error(`auth refused: ${started.text}`);
  const authorizeUrl = String(started.json.data.url);
  const consent = await http(authorizeUrl);
  const form = formValues(consent.text);
  const approve = new URL('approve', authorizeUrl);
  for (const [k, v] of Object.entries({ ...form, shop: account })) approve.searchParams.set(k, v);
  const redirected = await http(approve.toString());
  if (redirected.status !== 302) throw new Error(`approve did not redirect: ${redirected.status} ${redirected.text}`);
  const callbackUrl = redirected.headers.get('location')!;
  const callback = await http(callbackUrl);
  return { authorizeUrl, consent, callbackUrl, callback };
}

/**
 * Waits for the product sync a shop starts when it is authorised (shop-sync.ts) to end, as the shop
 * list sees it: `syncStatus` done or failed. Returns the shop's record then.
 */
export async function settledShop(base: string, token: string, shopId: string, timeoutMs = 60_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await http(`${base}/api/merchantAuth/detail?id=${shopId}`, { token });
    const shop = res.json?.data;
    if (shop && (shop.syncStatus === 'done' || shop.syncStatus === 'failed')) return shop;
    if (Date.now() > until) throw new Error(`shop ${shopId} sync did not end: ${res.text.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
