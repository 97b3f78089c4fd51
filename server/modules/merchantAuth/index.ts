/**
 * Shop authorisation (schemas/merchantAuth.json): shops, the OAuth flow, unbinding, history trade
 * import, the shop dictionary, and the sandbox platform's public endpoints (server/platforms/sandbox).
 */
import type { ServerModule } from '../../core/contract';
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

export const merchantAuthModule: ServerModule = {
  resource: 'merchantAuth',
  handlers: {
    list: async (ctx) => {
      checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
      return listShops(ctx.db, ctx.input);
    },
    detail: async ({ db, input }) => shopDetail(db, input.id),
    auth: startAuthorization,
    callback: handleCallback,
    unbind: unbindShop,
    add: addShop,
    getPlatform: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      return SHOP_PLATFORMS.map((value) => ({
        value,
        label: i18n.t(ctx.locale, `enum.platform.${value}`),
        adapterAvailable: hasAdapter(value),
        oauth: hasAdapter(value),
      }));
    },
    getHistoryTrades: importHistoryTrades,
    imports: async ({ db, input }) => listImports(db, input.id),
    syncProducts: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      return syncProducts(ctx.db, lazyPlatformEnv(ctx.req), {
        shopId: ctx.input.id,
        nextId: ctx.nextId,
        translate: (key, values) => i18n.t(ctx.locale, key, values),
      });
    },
    listAll: async ({ db, input }) => listAllShops(db, input),
    dict: async ({ db, input }) => shopOptions(db, input),
    ...sandboxHandlers,
  },
  seed: seedShops,
};
