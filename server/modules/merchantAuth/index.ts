/**
 * Shop authorisation (schemas/merchantAuth.json): shops, the OAuth flow, unbinding, history trade
 * import, the shop dictionary, and the sandbox platform's public endpoints (server/platforms/sandbox).
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Handler, type HandlerContext, type ServerModule } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import { SHOP_PLATFORMS, hasAdapter } from '../../platforms/registry';
import { sandboxHandlers } from '../../platforms/sandbox/endpoints';
import { syncProducts } from '../product';
import { handleCallback, startAuthorization } from './authorize';
import { importHistoryTrades, listImports } from './history-import';
import { checkIds } from '../../core/ids';
import { seedShops } from './seed';
import { listAllShops, listShops, shopDetail, shopOptions } from './shop-query';
import { addShop, unbindShop } from './shop-write';

/**
 * Data scope (server/core/data-scope.ts): a shop outside the user's scope answers exactly as one that
 * does not exist, and so does a merchant named outside it. No query for an unrestricted user.
 */
function inScope(h: Handler): Handler {
  return async (ctx) => {
    const { id, merchantId } = ctx.input;
    if (id)
      await requireInScope(
        ctx.db,
        scopeOf(ctx, 'merchantAuth'),
        'shops',
        id,
        () => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id: String(id) }),
      );
    if (merchantId) await merchantInScope(ctx, String(merchantId));
    return h(ctx);
  };
}

async function merchantInScope(ctx: HandlerContext, merchantId: string): Promise<void> {
  await requireInScope(
    ctx.db,
    scopeOf(ctx, 'merchant'),
    'merchants',
    merchantId,
    () => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.merchantNotFound', { id: merchantId }),
  );
}

export const merchantAuthModule: ServerModule = {
  resource: 'merchantAuth',
  handlers: {
    list: async (ctx) => {
      checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
      return listShops(ctx.db, ctx.input, scopeOf(ctx, 'merchantAuth'));
    },
    detail: inScope(async ({ db, input }) => shopDetail(db, input.id)),
    auth: inScope(startAuthorization),
    callback: handleCallback,
    unbind: inScope(unbindShop),
    add: inScope(addShop),
    getPlatform: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      return SHOP_PLATFORMS.map((value) => ({
        value,
        label: i18n.t(ctx.locale, `enum.platform.${value}`),
        adapterAvailable: hasAdapter(value),
        oauth: hasAdapter(value),
      }));
    },
    getHistoryTrades: inScope(importHistoryTrades),
    imports: inScope(async ({ db, input }) => listImports(db, input.id)),
    syncProducts: inScope(async (ctx) => {
      const { i18n } = coreState(ctx.req);
      return syncProducts(ctx.db, lazyPlatformEnv(ctx.req), {
        shopId: ctx.input.id,
        nextId: ctx.nextId,
        translate: (key, values) => i18n.t(ctx.locale, key, values),
      });
    }),
    listAll: async (ctx) => listAllShops(ctx.db, ctx.input, scopeOf(ctx, 'merchantAuth')),
    dict: async (ctx) => shopOptions(ctx.db, ctx.input, scopeOf(ctx, 'merchantAuth')),
    ...sandboxHandlers,
  },
  seed: seedShops,
};
