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
import { editSku, products, skus } from './product-query';
import { seedProducts } from './seed';
import { syncOneProduct, syncProducts } from './sync';

export { syncProducts, type SyncReport } from './sync';

/**
 * Data scope (server/core/data-scope.ts): a product (or its SKU, or a shop) outside the user's scope
 * answers exactly as one that does not exist. No query for an unrestricted user.
 */
const inScope = (ctx: HandlerContext) => scoped(scopeOf(ctx, 'product'));

/**
 * A shop the user may manage: one it sees whose merchant is within its scope of merchants — a
 * store-bound user sees its merchant's shops but syncs none. Throws the shop's "not found" otherwise.
 * The restriction is merchantAuth/shop-resource.ts's `manageScope` (not imported: the merchantAuth
 * module imports this one).
 */
async function requireManagedShop(ctx: HandlerContext, shopId: string): Promise<void> {
  const shopNotFound = () => notFound('server.merchantAuth.shopNotFound', { id: shopId });
  await requireInScope(ctx.db, scopeOf(ctx, 'merchantAuth'), 'shops', shopId, shopNotFound);
  const merchants = scopeOf(ctx, 'merchant');
  const managed = merchants && { field: 'merchantId', ids: [], via: { resource: 'merchant', restriction: merchants } };
  await requireInScope(ctx.db, managed, 'shops', shopId, shopNotFound);
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
      return editSku(ctx.db, ctx.input.id, ctx.input.servicePrice, scoped(restriction));
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
