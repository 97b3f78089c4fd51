/** HTTP handlers of the shop resource (schemas/merchantAuth.json); the core has validated input and roles. */
import type { MerchantAuthBindings, MerchantAuthResults } from '../../../src/generated/types';
import type { Handler, HandlerContext } from '../../core/contract';
import { HttpError } from '../../core/contract';
import { CODES } from '../../../src/schema';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { scoped } from '../../core/resource';
import { checkIds } from '../../core/ids';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import { loadShop } from '../../platforms/shop-session';
import { SHOP_PLATFORMS, hasAdapter } from '../../platforms/registry';
import { handleCallback, startAuthorization } from './authorize';
import { importHistoryTrades, listImports } from './history-import';
import { checkSort, listAllShops, shopDetail, shopOptions } from './shop-query';
import { localised, manageScope, shops, type ShopRecord } from './shop-resource';
import { runShopSync } from './shop-sync';
import { addShop, unbindShop } from './shop-write';

/** The handler of binding K: its input, and what it answers (`MerchantAuthResults`, from the schema). */
type H<K extends keyof MerchantAuthBindings> = Handler<MerchantAuthBindings[K], MerchantAuthResults<bigint | string>[K]>;

const translator = (ctx: HandlerContext<unknown>) => {
  const { i18n } = coreState(ctx.req);
  return (key: string, values?: Record<string, string | number>) => i18n.t(ctx.locale, key, values);
};
const inLocale = (ctx: HandlerContext<unknown>, rec: ShopRecord) => localised(rec, translator(ctx));
// merchantAuth.json's store rule: a store-bound user reaches the shops of its store's merchant
const scope = (ctx: HandlerContext<unknown>) => scoped(scopeOf(ctx, 'merchantAuth'));

/**
 * Data scope (server/core/data-scope.ts): a shop outside the user's scope answers exactly as one that
 * does not exist, and so does a merchant named outside it. No query for an unrestricted user.
 * `manage`: the handler acts on the shop for its merchant (authorise, unbind, import, sync), so the
 * shop's merchant must be within the user's scope of merchants too (`manageScope`): a store-bound
 * user sees its merchant's shops but a shop it would manage answers as missing.
 */
function inScope<I extends { id?: string | null; merchantId?: string | null }, O>(h: Handler<I, O>, manage = false): Handler<I, O> {
  return async (ctx) => {
    const { id, merchantId } = ctx.input;
    if (id) {
      const notFound = () => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id: String(id) });
      await requireInScope(ctx.db, scopeOf(ctx, 'merchantAuth'), 'shops', id, notFound);
      if (manage) await requireInScope(ctx.db, manageScope(scopeOf(ctx, 'merchant')), 'shops', id, notFound);
    }
    if (merchantId) {
      const notFound = () => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.merchantNotFound', { id: merchantId });
      await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', merchantId, notFound);
    }
    return h(ctx);
  };
}

export const list: H<'list'> = async (ctx) => {
  checkSort(ctx.input.sortField);
  const page = await shops.list(ctx.db, ctx.input, scope(ctx));
  return { ...page, list: page.list.map((r) => inLocale(ctx, r)) };
};

export const detail: H<'detail'> = async (ctx) => inLocale(ctx, await shopDetail(ctx.db, ctx.input.id, scope(ctx)));

export const auth: H<'auth'> = inScope(startAuthorization, true);

export const callback: H<'callback'> = handleCallback;

export const unbind: H<'unbind'> = inScope(unbindShop, true);

export const add: H<'add'> = inScope(addShop);

export const getPlatform: H<'getPlatform'> = async (ctx) => {
  const t = translator(ctx);
  return SHOP_PLATFORMS.map((value) => ({ value, label: t(`enum.platform.${value}`), adapterAvailable: hasAdapter(value), oauth: hasAdapter(value) }));
};

export const getHistoryTrades: H<'getHistoryTrades'> = inScope(importHistoryTrades, true);

// a shop that does not exist has no history to list: its 404, as for its detail
export const imports: H<'imports'> = inScope(async ({ db, input }) => {
  await loadShop(db, input.id);
  return listImports(db, input.id);
});

/** 同步商品 (and its retry): runs the sync with its progress on the shop, and answers its report. */
export const syncProducts: H<'syncProducts'> = inScope(
  (ctx) => runShopSync(ctx.db, lazyPlatformEnv(ctx.req), ctx.input.id, { nextId: ctx.nextId, translate: translator(ctx) }),
  true,
);

export const listAll: H<'listAll'> = async (ctx) => {
  checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
  return (await listAllShops(ctx.db, ctx.input, scope(ctx))).map((r) => inLocale(ctx, r));
};

export const dict: H<'dict'> = (ctx) => {
  checkIds(ctx, { merchantId: 'merchantAuth.merchant' });
  return shopOptions(ctx.db, ctx.input, scope(ctx));
};
