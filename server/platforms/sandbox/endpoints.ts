/**
 * The sandbox platform's own HTTP API, served by this server under /api/public/sandbox/ (declared
 * as public bindings in schemas/merchantAuth.json). It behaves like a small e-commerce open
 * platform: an OAuth consent page and code grant, refresh-token rotation, and paged shop, product
 * and trade APIs authenticated by a bearer token. Codes and tokens are stored hashed in the database
 * so every server instance answers the same.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HttpError, type Db, type Handler, type HandlerContext } from '../../core/contract';
import { sendRaw, translator } from '../raw-reply';
import { OAUTH_CALLBACK_PATH, publicBaseUrl } from '../env';
import { SANDBOX_CLIENT_ID } from './adapter';
import { CATALOG } from './catalog';
import { SANDBOX_ENABLED } from '../registry';
import { SANDBOX_ACCOUNT_PATTERN, hashString, sandboxProducts, sandboxShop, sandboxTrades } from './generate';
import { consentPage, productImageSvg } from './pages';
import type { PlatformProduct, PlatformTrade } from '../types';

/** A page of the platform's listing as the sandbox answers it. */
interface PageResultOf<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}
/** A trade with its times as ISO text. */
type OnWire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

const CODE_TTL_MS = 5 * 60_000;
export const ACCESS_TTL_S = 7 * 86_400;
const REFRESH_TTL_S = 30 * 86_400;
const MAX_TRADE_RANGE_MS = 92 * 86_400_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const bad = (key: string, values: Record<string, string | number> = {}, error = 'invalid_request') => new HttpError(400, 40000, key, values, { error });

function checkClient(clientId: string) {
  if (clientId !== SANDBOX_CLIENT_ID) throw bad('server.sandbox.unknownClient', { client: clientId }, 'invalid_client');
}

/** The only redirect target the sandbox accepts is the console's own callback (no open redirect). */
function checkRedirect(redirectUri: string) {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw bad('server.sandbox.badRedirect');
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== OAUTH_CALLBACK_PATH) throw bad('server.sandbox.badRedirect');
}

/** GET /public/sandbox/oauth/authorize — the consent page. */
const authorize: Handler = async (ctx) => {
  const { clientId, redirectUri, state, shop } = ctx.input as Record<string, string>;
  if (ctx.input.responseType !== undefined && ctx.input.responseType !== 'code') throw bad('server.sandbox.badResponseType');
  checkClient(clientId);
  checkRedirect(redirectUri);
  const account = shop && SANDBOX_ACCOUNT_PATTERN.test(shop) ? shop : `shop-${10000 + (randomBytes(2).readUInt16BE(0) % 90000)}`;
  return sendRaw(
    ctx,
    200,
    'text/html; charset=utf-8',
    consentPage({ locale: ctx.locale, translate: translator(ctx), clientId, redirectUri, state, shop: account }),
  );
};

/** GET /public/sandbox/oauth/approve — the merchant agreed: issue a one-time code and go back. */
const approve: Handler = async (ctx) => {
  const { clientId, redirectUri, state, shop } = ctx.input as Record<string, string>;
  checkClient(clientId);
  checkRedirect(redirectUri);
  if (!SANDBOX_ACCOUNT_PATTERN.test(shop)) throw bad('server.sandbox.badAccount');
  const code = randomBytes(20).toString('hex');
  await ctx.db.query(`INSERT INTO sandbox_codes (code, shop_account, client_id, redirect_uri, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    sha256(code),
    shop,
    clientId,
    redirectUri,
    new Date(Date.now() + CODE_TTL_MS),
  ]);
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', state);
  ctx.reply.header('location', back.toString());
  return sendRaw(ctx, 302, 'text/plain; charset=utf-8', '');
};

/** Issues an access/refresh token pair for a sandbox shop (also used by the demo seed). */
export async function issueSandboxTokens(db: Db, shopAccount: string, clientId = SANDBOX_CLIENT_ID) {
  const accessToken = `sbx_at_${randomBytes(24).toString('hex')}`;
  const refreshToken = `sbx_rt_${randomBytes(24).toString('hex')}`;
  const now = Date.now();
  await db.query(
    `INSERT INTO sandbox_tokens (access_hash, refresh_hash, shop_account, client_id, expires_at, refresh_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256(accessToken), sha256(refreshToken), shopAccount, clientId, new Date(now + ACCESS_TTL_S * 1000), new Date(now + REFRESH_TTL_S * 1000)],
  );
  return { accessToken, refreshToken, expiresIn: ACCESS_TTL_S, shopAccount };
}

/** POST /public/sandbox/oauth/token — authorization_code and refresh_token grants. */
const token: Handler = async (ctx) => {
  const { grantType, code, redirectUri, refreshToken, clientId } = ctx.input as Record<string, string | undefined>;
  checkClient(clientId ?? '');
  if (grantType === 'authorization_code') {
    if (!code) throw bad('server.sandbox.missingCode');
    const used = await ctx.db.query<{ shop_account: string; redirect_uri: string; client_id: string }>(
      `UPDATE sandbox_codes SET used_at = now() WHERE code = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING shop_account, redirect_uri, client_id`,
      [sha256(code)],
    );
    const row = used.rows[0];
    if (!row || row.client_id !== clientId || row.redirect_uri !== redirectUri) throw bad('server.sandbox.invalidGrant', {}, 'invalid_grant');
    return issueSandboxTokens(ctx.db, row.shop_account, row.client_id);
  }
  if (grantType === 'refresh_token') {
    if (!refreshToken) throw bad('server.sandbox.missingRefreshToken');
    // Rotation: the old pair is revoked as the new one is issued.
    const old = await ctx.db.query<{ shop_account: string; client_id: string }>(
      `UPDATE sandbox_tokens SET revoked_at = now() WHERE refresh_hash = $1 AND revoked_at IS NULL AND refresh_expires_at > now()
       RETURNING shop_account, client_id`,
      [sha256(refreshToken)],
    );
    const row = old.rows[0];
    if (!row || row.client_id !== clientId) throw bad('server.sandbox.invalidGrant', {}, 'invalid_grant');
    return issueSandboxTokens(ctx.db, row.shop_account, row.client_id);
  }
  throw bad('server.sandbox.badGrantType', { grantType: String(grantType ?? '') });
};

/** The shop account a bearer token stands for; 401 when it is missing, unknown, revoked or expired. */
async function shopOf(ctx: HandlerContext): Promise<string> {
  const header = String(ctx.req.headers.authorization ?? '');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (m) {
    const r = await ctx.db.query<{ shop_account: string }>(
      `SELECT shop_account FROM sandbox_tokens WHERE access_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [sha256(m[1])],
    );
    if (r.rows[0]) return r.rows[0].shop_account;
  }
  throw new HttpError(401, 40100, 'server.sandbox.invalidToken', {}, { error: 'invalid_token' });
}

function imageUrl(ctx: HandlerContext, productId: string) {
  return `${publicBaseUrl(ctx.req)}/api/public/sandbox/image?productId=${encodeURIComponent(productId)}`;
}

const shopInfo: Handler = async (ctx) => {
  const account = await shopOf(ctx);
  return { shopAccount: account, name: sandboxShop(account).name };
};

function pageArgs(input: Record<string, any>) {
  const current = Number(input.current ?? 1);
  const pageSize = Number(input.pageSize ?? 20);
  if (pageSize > 100) throw bad('server.sandbox.pageSizeTooLarge', { max: 100 });
  return { current, pageSize };
}

/** A shop account named "slow-…" is a slow platform: each product page answers after this long (to watch a sync's progress). */
export const SLOW_PAGE_MS = 2500;

const products: Handler<Record<string, any>, PageResultOf<PlatformProduct>> = async (ctx) => {
  const account = await shopOf(ctx);
  if (account.startsWith('slow-')) await new Promise((r) => setTimeout(r, SLOW_PAGE_MS));
  const { current, pageSize } = pageArgs(ctx.input);
  const all = sandboxProducts(account);
  const list = all.slice((current - 1) * pageSize, current * pageSize).map((p) => ({ ...p, imageUrl: imageUrl(ctx, p.platformProductId) }));
  return { list, total: all.length, current, pageSize };
};

const product: Handler = async (ctx) => {
  const account = await shopOf(ctx);
  const found = sandboxProducts(account).find((p) => p.platformProductId === ctx.input.productId);
  if (!found) throw new HttpError(404, 40400, 'server.sandbox.productNotFound', { id: String(ctx.input.productId) }, { error: 'not_found' });
  return { ...found, imageUrl: imageUrl(ctx, found.platformProductId) };
};

const trades: Handler<Record<string, any>, PageResultOf<OnWire<PlatformTrade>>> = async (ctx) => {
  const account = await shopOf(ctx);
  const { current, pageSize } = pageArgs(ctx.input);
  const start = new Date(String(ctx.input.startTime));
  const end = new Date(String(ctx.input.endTime));
  if (!(end.getTime() > start.getTime())) throw bad('server.sandbox.badRange');
  if (end.getTime() - start.getTime() > MAX_TRADE_RANGE_MS) throw bad('server.sandbox.rangeTooLong', { days: 92 });
  const all = sandboxTrades(account, { start, end }, new Date());
  // as JSON sends them: the times as ISO text
  const list = all
    .slice((current - 1) * pageSize, current * pageSize)
    .map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), paidAt: t.paidAt.toISOString() }));
  return { list, total: all.length, current, pageSize };
};

/** GET /public/sandbox/image — a generated thumbnail for a sandbox product id. */
const image: Handler = async (ctx) => {
  const id = String(ctx.input.productId);
  const index = Number(id.slice(-3));
  const category = CATALOG[index]?.category ?? '服务';
  ctx.reply.header('cache-control', 'public, max-age=86400');
  return sendRaw(ctx, 200, 'image/svg+xml; charset=utf-8', productImageSvg(category, hashString(id)));
};

/** With the sandbox switched off (SANDBOX_PLATFORM=off) its endpoints answer 404 like unknown paths. */
const whenEnabled =
  <I, O>(h: Handler<I, O>): Handler<I, O> =>
  (ctx) => {
    if (!SANDBOX_ENABLED) throw new HttpError(404, 40400, 'server.notFound');
    return h(ctx);
  };

/** Handlers keyed by the binding names declared in schemas/merchantAuth.json. */
export const sandboxHandlers = {
  sandboxAuthorize: whenEnabled(authorize),
  sandboxApprove: whenEnabled(approve),
  sandboxToken: whenEnabled(token),
  sandboxShop: whenEnabled(shopInfo),
  sandboxProducts: whenEnabled(products),
  sandboxProduct: whenEnabled(product),
  sandboxTrades: whenEnabled(trades),
  sandboxImage: whenEnabled(image),
};
