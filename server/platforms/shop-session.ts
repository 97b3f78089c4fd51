/**
 * A shop's session with its platform: the adapter plus a valid access token, refreshed when it is
 * about to expire. A platform that refuses the refresh token marks the shop 'expired' (it must be
 * authorised again). Never call this inside a database transaction: the sandbox platform is served
 * by this same server and needs the database to answer.
 *
 * @example
 * const s = await openShopSession(db, env, shopId);
 * const page = await s.call((token) => s.adapter.listProducts(token, { page: 1, pageSize: 50 }));
 */
import { CODES } from '../../src/schema';
import { HttpError, type Db } from '../core/contract';
import { adapterFor } from './registry';
import { PlatformError, type PlatformAdapter, type PlatformEnv, type TokenSet } from './types';

export interface ShopRow {
  id: bigint;
  merchant_id: bigint;
  platform: string;
  platform_shop_id: string;
  name: string;
  auth_status: string;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Date | null;
}

export interface ShopSession {
  shop: ShopRow;
  adapter: PlatformAdapter;
  /** Runs fn with a valid token; on a rejected token it refreshes once and retries. */
  call<T>(fn: (accessToken: string) => Promise<T>): Promise<T>;
}

/** Refresh this long before the platform's expiry, so a long sync never runs on a dying token. */
const REFRESH_MARGIN_MS = 10 * 60_000;

export async function loadShop(db: Db, shopId: bigint | string): Promise<ShopRow> {
  const r = await db.query<ShopRow>(
    `SELECT id, merchant_id, platform, platform_shop_id, name, auth_status, access_token, refresh_token, token_expires_at
       FROM shops WHERE id = $1`,
    [String(shopId)],
  );
  if (!r.rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id: String(shopId) });
  return r.rows[0];
}

export async function saveTokens(db: Db, shopId: bigint, t: TokenSet): Promise<void> {
  await db.query(
    `UPDATE shops SET access_token = $2, refresh_token = COALESCE($3, refresh_token), token_expires_at = $4,
            auth_status = 'authorized', updated_at = now() WHERE id = $1`,
    [String(shopId), t.accessToken, t.refreshToken, t.expiresAt],
  );
}

async function markExpired(db: Db, shopId: bigint): Promise<void> {
  await db.query(`UPDATE shops SET auth_status = 'expired', updated_at = now() WHERE id = $1 AND auth_status = 'authorized'`, [String(shopId)]);
}

/** Maps a platform failure to the console's error vocabulary. */
export function platformFailure(e: unknown, shopName: string): HttpError {
  if (e instanceof HttpError) return e;
  if (e instanceof PlatformError) {
    if (e.kind === 'invalid_grant' || e.kind === 'invalid_token')
      return new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.tokenExpired', { shop: shopName });
    return new HttpError(502, CODES.SERVER_ERROR, 'server.merchantAuth.platformFailed', { shop: shopName, reason: e.message });
  }
  return new HttpError(502, CODES.SERVER_ERROR, 'server.merchantAuth.platformFailed', { shop: shopName, reason: (e as Error)?.message ?? String(e) });
}

export async function openShopSession(db: Db, env: PlatformEnv, shopId: bigint | string): Promise<ShopSession> {
  const shop = await loadShop(db, shopId);
  const adapter = adapterFor(shop.platform, env);
  if (!adapter) throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.noAdapter', { shop: shop.name });
  if (shop.auth_status !== 'authorized' || !shop.access_token) {
    throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.notAuthorized', { shop: shop.name });
  }
  let token = shop.access_token;
  let expiresAt = shop.token_expires_at;

  const refresh = async () => {
    if (!shop.refresh_token) {
      await markExpired(db, shop.id);
      throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.tokenExpired', { shop: shop.name });
    }
    try {
      const fresh = await adapter.refresh(shop.refresh_token);
      await saveTokens(db, shop.id, fresh);
      token = fresh.accessToken;
      expiresAt = fresh.expiresAt;
      if (fresh.refreshToken) shop.refresh_token = fresh.refreshToken;
    } catch (e) {
      if (e instanceof PlatformError && e.kind === 'invalid_grant') await markExpired(db, shop.id);
      throw platformFailure(e, shop.name);
    }
  };

  if (!expiresAt || expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) await refresh();

  return {
    shop,
    adapter,
    async call(fn) {
      try {
        return await fn(token);
      } catch (e) {
        if (!(e instanceof PlatformError && e.kind === 'invalid_token')) throw platformFailure(e, shop.name);
      }
      await refresh();
      try {
        return await fn(token);
      } catch (e) {
        if (e instanceof PlatformError && e.kind === 'invalid_token') await markExpired(db, shop.id);
        throw platformFailure(e, shop.name);
      }
    },
  };
}
