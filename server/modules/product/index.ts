/**
 * Products and SKUs (schemas/product.json): list and detail, sync from the shops' platforms, and
 * a SKU's service price. Exports syncProducts for the merchantAuth module's "sync this shop".
 */
import type { HandlerContext, ModuleHandlers, ServerModule } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { badField, notFound } from '../../core/http-errors';
import { checkIds } from '../../core/ids';
import { scoped } from '../../core/resource';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import type { ProductBindings, ProductResults } from '../../../src/generated/types';
import { editSku, products, SKU_SCOPE_TABLES, skus } from './product-query';
import { seedProducts } from './seed';
import { syncOneProduct, syncProducts } from './sync';

export { syncProducts, type SyncReport } from './sync';

/**
 * Data scope (server/core/data-scope.ts): a product (or its SKU, or a shop) outside the user's scope
 * answers exactly as one that does not exist. No query for an unrestricted user.
 */
const inScope = (ctx: HandlerContext) => scoped(scopeOf(ctx, 'product'));

/**
 * Tables of the shop scopes' "via" rules, as merchantAuth/shop-resource.ts's SHOP_SCOPE_TABLES (not
 * imported: the merchantAuth module imports this one). A missing table throws, it never widens.
 */
const SHOP_SCOPE_TABLES = { store: 'stores', merchant: 'merchants' };

/**
 * A shop the user may manage (merchantAuth/shop-resource.ts `manageScope`): one it sees whose
 * merchant is within its scope of merchants — a store-bound user sees its merchant's shops but
 * syncs none. Throws the shop's "not found" otherwise.
 */
async function requireManagedShop(ctx: HandlerContext, shopId: string): Promise<void> {
  const shopNotFound = () => notFound('server.merchantAuth.shopNotFound', { id: shopId });
  await requireInScope(ctx.db, scopeOf(ctx, 'merchantAuth'), 'shops', shopId, shopNotFound, SHOP_SCOPE_TABLES);
  const merchants = scopeOf(ctx, 'merchant');
  const managed = merchants && { field: 'merchantId', ids: [], via: { resource: 'merchant', restriction: merchants } };
  await requireInScope(ctx.db, managed, 'shops', shopId, shopNotFound, SHOP_SCOPE_TABLES);
}

export const productModule: ServerModule = {
  resource: 'product',
  handlers: {
    list: async (ctx) => {
      checkIds(ctx, { shopId: 'product.shop' });
      return products.list(ctx.db, ctx.input, inScope(ctx));
    },
    detail: (ctx) => products.get(ctx.db, ctx.input.id, inScope(ctx)),
    sync: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      const shopId = ctx.input.shopId;
      if (shopId) {
        await requireManagedShop(ctx, shopId);
      } else if (scopeOf(ctx, 'merchantAuth')) {
        // "Sync every shop" reaches other merchants' shops: a restricted user names its shop.
        throw badField('server.validation.required', 'product.shop');
      }
      return syncProducts(ctx.db, lazyPlatformEnv(ctx.req), { shopId, nextId: ctx.nextId, translate: (key, values) => i18n.t(ctx.locale, key, values) });
    },
    skuList: async (ctx) => {
      await products.get(ctx.db, ctx.input.productId, inScope(ctx));
      return skus.all(ctx.db, { productId: ctx.input.productId, name: ctx.input.keyword });
    },
    // A SKU is reached through its product: the same scope, one level down.
    skuEdit: (ctx) => {
      const product = scopeOf(ctx, 'product');
      const restriction = product && { field: 'productId', ids: [], via: { resource: 'product', restriction: product } };
      return editSku(ctx.db, ctx.input.id, ctx.input.servicePrice, scoped(restriction, SKU_SCOPE_TABLES));
    },
    // "productId" per the spec; "id" too, so a product row's action can call it with the row's key.
    skuSync: async (ctx) => {
      const productId = ctx.input.productId ?? ctx.input.id;
      if (!productId) throw badField('server.validation.required', 'product.sku.product');
      await products.get(ctx.db, productId, inScope(ctx));
      return syncOneProduct(ctx.db, lazyPlatformEnv(ctx.req), productId, ctx.nextId);
    },
  } satisfies ModuleHandlers<ProductBindings, ProductResults<bigint | string>>,
  seed: seedProducts,
};
