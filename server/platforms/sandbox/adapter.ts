/**
 * The sandbox platform's adapter: an HTTP client of the sandbox endpoints this same server serves
 * under /api/public/sandbox/ (see endpoints.ts). It talks to them over loopback exactly as a real
 * adapter talks to a real platform, so the whole flow — authorise, token, products, trades — runs
 * for real in tests and demos.
 */
import type { AdapterFactory, PageResult, PlatformAdapter, PlatformProduct, PlatformTrade, ShopInfo, TokenSet } from '../types';
import { PlatformError } from '../types';

export const SANDBOX_CLIENT_ID = process.env.SANDBOX_CLIENT_ID || 'dispatch-console';
const TIMEOUT_MS = 15_000;

interface WireToken {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  shopAccount: string;
}
type WireTrade = Omit<PlatformTrade, 'createdAt' | 'paidAt'> & { createdAt: string; paidAt: string };

export const sandboxAdapter: AdapterFactory = (env) => {
  // Resolved per call: only platform calls need the loopback origin, not authorizeUrl.
  const api = () => `${env.loopbackBaseUrl}/api/public/sandbox`;

  async function call<T>(method: 'GET' | 'POST', path: string, opts: { token?: string; query?: Record<string, string | number>; body?: unknown }): Promise<T> {
    const url = new URL(`${api()}${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new PlatformError('unavailable', `sandbox unreachable at ${url.origin}: ${(e as Error).message}`);
    }
    let envelope: { code?: number; msg?: string; data?: any };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      throw new PlatformError('unavailable', `sandbox answered HTTP ${res.status} without JSON`);
    }
    if (res.ok && envelope.code === 0) return envelope.data as T;
    const error = envelope.data && typeof envelope.data === 'object' ? String(envelope.data.error ?? '') : '';
    const msg = envelope.msg || `HTTP ${res.status}`;
    if (error === 'invalid_grant') throw new PlatformError('invalid_grant', msg);
    if (error === 'invalid_token' || res.status === 401) throw new PlatformError('invalid_token', msg);
    if (res.status === 404) throw new PlatformError('not_found', msg);
    if (res.status >= 400 && res.status < 500) throw new PlatformError('bad_request', msg);
    throw new PlatformError('unavailable', msg);
  }

  const toTokenSet = (t: WireToken): TokenSet => ({
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    expiresAt: new Date(Date.now() + t.expiresIn * 1000),
    platformShopId: t.shopAccount,
  });

  const adapter: PlatformAdapter = {
    platform: 'sandbox',
    authorizeUrl(state, redirectUri, options) {
      const url = new URL(`${env.publicBaseUrl}/api/public/sandbox/oauth/authorize`);
      url.searchParams.set('clientId', SANDBOX_CLIENT_ID);
      url.searchParams.set('responseType', 'code');
      url.searchParams.set('redirectUri', redirectUri);
      url.searchParams.set('state', state);
      if (options?.shopHint) url.searchParams.set('shop', options.shopHint);
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      return toTokenSet(
        await call<WireToken>('POST', '/oauth/token', { body: { grantType: 'authorization_code', code, redirectUri, clientId: SANDBOX_CLIENT_ID } }),
      );
    },
    async refresh(refreshToken) {
      return toTokenSet(await call<WireToken>('POST', '/oauth/token', { body: { grantType: 'refresh_token', refreshToken, clientId: SANDBOX_CLIENT_ID } }));
    },
    async shopInfo(accessToken) {
      const s = await call<{ shopAccount: string; name: string }>('GET', '/shop', { token: accessToken });
      return { platformShopId: s.shopAccount, name: s.name } satisfies ShopInfo;
    },
    async listProducts(accessToken, page) {
      const p = await call<{ list: PlatformProduct[]; total: number }>('GET', '/products', {
        token: accessToken,
        query: { current: page.page, pageSize: page.pageSize },
      });
      return { items: p.list, total: p.total } satisfies PageResult<PlatformProduct>;
    },
    async getProduct(accessToken, platformProductId) {
      try {
        return await call<PlatformProduct>('GET', '/product', { token: accessToken, query: { productId: platformProductId } });
      } catch (e) {
        if (e instanceof PlatformError && e.kind === 'not_found') return null;
        throw e;
      }
    },
    async listTrades(accessToken, range, page) {
      const p = await call<{ list: WireTrade[]; total: number }>('GET', '/trades', {
        token: accessToken,
        query: { startTime: range.start.toISOString(), endTime: range.end.toISOString(), current: page.page, pageSize: page.pageSize },
      });
      return {
        items: p.list.map((t) => ({ ...t, createdAt: new Date(t.createdAt), paidAt: new Date(t.paidAt) })),
        total: p.total,
      };
    },
  };
  return adapter;
};
