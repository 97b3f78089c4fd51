/**
 * The OAuth flow of a shop authorisation:
 *  1. GET /merchantAuth/auth (admin) stores a random state in auth_states (merchant, platform, the
 *     shop being re-authorised if any, the redirect URI; 15 minutes) and returns the platform's
 *     authorise URL;
 *  2. the merchant agrees on the platform, which redirects the browser to
 *     /api/public/merchantAuth/callback?code&state;
 *  3. the callback consumes the state once, exchanges the code for tokens, asks the platform which
 *     shop granted them and creates or updates that shop as 'authorized'. It answers with a small
 *     HTML page that tells the console window which opened it;
 *  4. the shop's products start syncing at once, in the background (shop-sync.ts), with their
 *     progress on the shop.
 */
import { randomBytes } from 'node:crypto';
import { CODES } from '../../../src/schema';
import { HttpError, type HandlerContext } from '../../core/contract';
import { coreState } from '../../core/state';
import { OAUTH_CALLBACK_PATH, lazyPlatformEnv, publicBaseUrl } from '../../platforms/env';
import { sendRaw, translator } from '../../platforms/raw-reply';
import { adapterFor, hasAdapter, isShopPlatform } from '../../platforms/registry';
import { resultPage } from '../../platforms/sandbox/pages';
import { PlatformError } from '../../platforms/types';
import { loadShop } from '../../platforms/shop-session';
import { checkIds } from '../../core/ids';
import type { MerchantAuthAuthorization } from '../../../src/generated/types';
import { startShopSync } from './shop-sync';

const STATE_TTL_MS = 15 * 60_000;

/** A merchant that exists and is enabled, or a clear refusal. */
export async function checkMerchant(ctx: HandlerContext, merchantId: string): Promise<{ id: bigint; name: string }> {
  const r = await ctx.db.query<{ id: bigint; name: string; status: string }>('SELECT id, name, status FROM merchants WHERE id = $1', [merchantId]);
  const m = r.rows[0];
  if (!m) throw new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.merchantNotFound', { id: merchantId });
  if (m.status !== 'enabled') throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.merchantDisabled', { name: m.name });
  return m;
}

export function checkPlatform(platform: string): asserts platform is MerchantAuthAuthorization['platform'] {
  if (!isShopPlatform(platform)) {
    throw new HttpError(400, CODES.BAD_REQUEST, 'server.merchantAuth.badPlatform', { field: 'merchantAuth.platform' });
  }
}

/** GET /merchantAuth/auth — by shop (id: re-authorise) or by merchantId + platform (a new shop). */
export async function startAuthorization(ctx: HandlerContext): Promise<MerchantAuthAuthorization<bigint | string>> {
  checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
  const input = ctx.input as { id?: string; merchantId?: string; platform?: string };
  let merchantId = input.merchantId;
  let platform = input.platform;
  let shop: Awaited<ReturnType<typeof loadShop>> | null = null;
  if (input.id) {
    shop = await loadShop(ctx.db, input.id);
    if (merchantId && merchantId !== String(shop.merchant_id)) throw new HttpError(400, CODES.BAD_REQUEST, 'server.merchantAuth.shopMerchantMismatch');
    if (platform && platform !== shop.platform) throw new HttpError(400, CODES.BAD_REQUEST, 'server.merchantAuth.shopPlatformMismatch');
    merchantId = String(shop.merchant_id);
    platform = shop.platform;
  }
  if (!merchantId) throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: 'merchantAuth.merchant' });
  if (!platform) throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: 'merchantAuth.platform' });
  checkPlatform(platform);
  await checkMerchant(ctx, merchantId);
  const adapter = adapterFor(platform, lazyPlatformEnv(ctx.req));
  if (!adapter) {
    const label = coreState(ctx.req).i18n.t(ctx.locale, `enum.platform.${platform}`);
    throw new HttpError(409, CODES.CONFLICT, 'server.merchantAuth.noOAuth', { platform: label });
  }
  const state = randomBytes(24).toString('hex');
  const redirectUri = `${publicBaseUrl(ctx.req)}${OAUTH_CALLBACK_PATH}`;
  const expiresAt = new Date(Date.now() + STATE_TTL_MS);
  await ctx.db.query(
    `INSERT INTO auth_states (state, merchant_id, platform, created_by, expires_at, shop_id, redirect_uri) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [state, merchantId, platform, ctx.user!.id, expiresAt, shop ? shop.id : null, redirectUri],
  );
  // Old states are useless after expiry; keep the table small.
  await ctx.db.query(`DELETE FROM auth_states WHERE expires_at < now() - interval '1 day'`);
  return {
    url: adapter.authorizeUrl(state, redirectUri, shop ? { shopHint: shop.platform_shop_id } : undefined),
    state,
    expiresAt: expiresAt.toISOString(),
    merchantId,
    platform,
    shopId: shop ? shop.id : null,
  };
}

interface StateRow {
  state: string;
  merchant_id: bigint;
  platform: string;
  created_by: bigint;
  shop_id: bigint | null;
  redirect_uri: string | null;
}

class CallbackFailure extends Error {
  constructor(
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** GET /public/merchantAuth/callback — always answers with an HTML page (it is opened by a browser). */
export async function handleCallback(ctx: HandlerContext) {
  const page = (ok: boolean, message: string, values: Record<string, string | number> = {}, shopId?: string) =>
    sendRaw(ctx, ok ? 200 : 400, 'text/html; charset=utf-8', resultPage({ locale: ctx.locale, translate: translator(ctx), ok, message, values, shopId }));
  try {
    const { shop, created } = await completeAuthorization(ctx);
    const { i18n } = coreState(ctx.req);
    const translate = (key: string, values?: Record<string, string | number>) => i18n.t(ctx.locale, key, values);
    await startShopSync(ctx.db, lazyPlatformEnv(ctx.req), String(shop.id), { nextId: ctx.nextId, translate }, ctx.req.log);
    return page(true, created ? 'merchantAuth.callback.created' : 'merchantAuth.callback.renewed', { shop: shop.name }, String(shop.id));
  } catch (e) {
    if (e instanceof CallbackFailure) return page(false, e.key, e.values);
    if (e instanceof PlatformError) return page(false, 'merchantAuth.callback.platformFailed', { reason: e.message });
    ctx.req.log.error({ err: e }, 'shop authorisation callback failed');
    return page(false, 'merchantAuth.callback.internal');
  }
}

async function completeAuthorization(ctx: HandlerContext): Promise<{ shop: { id: bigint; name: string }; created: boolean }> {
  const { code, state, error } = ctx.input as { code?: string; state: string; error?: string };
  // Consume the state first: a code can complete at most one authorisation, even when replayed.
  const used = await ctx.db.query<StateRow & { expired: boolean }>(
    `UPDATE auth_states SET used_at = now() WHERE state = $1 AND used_at IS NULL
      RETURNING state, merchant_id, platform, created_by, shop_id, redirect_uri, expires_at < now() AS expired`,
    [state],
  );
  const st = used.rows[0];
  if (!st) {
    const exists = await ctx.db.query('SELECT 1 FROM auth_states WHERE state = $1', [state]);
    throw new CallbackFailure(exists.rows[0] ? 'merchantAuth.callback.stateUsed' : 'merchantAuth.callback.badState');
  }
  if (st.expired) throw new CallbackFailure('merchantAuth.callback.stateExpired');
  if (error) throw new CallbackFailure(error === 'access_denied' ? 'merchantAuth.callback.denied' : 'merchantAuth.callback.platformError', { error });
  if (!code) throw new CallbackFailure('merchantAuth.callback.missingCode');
  if (!hasAdapter(st.platform)) throw new CallbackFailure('merchantAuth.callback.noAdapter');
  const adapter = adapterFor(st.platform, lazyPlatformEnv(ctx.req))!;
  // Platform calls happen outside any transaction (the sandbox answers from this same database).
  const tokens = await adapter.exchangeCode(code, st.redirect_uri ?? `${publicBaseUrl(ctx.req)}${OAUTH_CALLBACK_PATH}`);
  const info = await adapter.shopInfo(tokens.accessToken);

  return ctx.db.transaction(async (tx) => {
    const existing = await tx.query<{ id: bigint; merchant_id: bigint; name: string; merchant_name: string }>(
      `SELECT s.id, s.merchant_id, s.name, m.name AS merchant_name FROM shops s JOIN merchants m ON m.id = s.merchant_id
        WHERE s.platform = $1 AND s.platform_shop_id = $2 FOR UPDATE OF s`,
      [st.platform, info.platformShopId],
    );
    const found = existing.rows[0];
    if (st.shop_id !== null && (!found || found.id !== st.shop_id)) {
      const expected = await tx.query<{ platform_shop_id: string }>('SELECT platform_shop_id FROM shops WHERE id = $1', [st.shop_id]);
      throw new CallbackFailure('merchantAuth.callback.shopMismatch', { expected: expected.rows[0]?.platform_shop_id ?? '', actual: info.platformShopId });
    }
    if (found && found.merchant_id !== st.merchant_id) {
      throw new CallbackFailure('merchantAuth.callback.otherMerchant', { shop: found.name, merchant: found.merchant_name });
    }
    if (found) {
      await tx.query(
        `UPDATE shops SET name = $2, auth_status = 'authorized', access_token = $3, refresh_token = $4, token_expires_at = $5,
                authorized_at = now(), unbound_at = NULL, updated_at = now() WHERE id = $1`,
        [found.id, info.name, tokens.accessToken, tokens.refreshToken, tokens.expiresAt],
      );
      return { shop: { id: found.id, name: info.name }, created: false };
    }
    const id = ctx.nextId();
    await tx.query(
      `INSERT INTO shops (id, merchant_id, platform, platform_shop_id, name, auth_status, access_token, refresh_token,
                          token_expires_at, authorized_at, created_by)
       VALUES ($1, $2, $3, $4, $5, 'authorized', $6, $7, $8, now(), $9)`,
      [id, st.merchant_id, st.platform, info.platformShopId, info.name, tokens.accessToken, tokens.refreshToken, tokens.expiresAt, st.created_by],
    );
    return { shop: { id, name: info.name }, created: true };
  });
}
