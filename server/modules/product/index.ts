/**
 * Products and SKUs (schemas/product.json): list and detail, sync from the shops' platforms, and
 * a SKU's service price. Exports syncProducts for the merchantAuth module's "sync this shop".
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Handler, type HandlerContext, type ServerModule } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import { checkIds } from '../../core/ids';
import { editSku, listProducts, listSkus, productDetail } from './product-query';
import { seedProducts } from './seed';
import { syncOneProduct, syncProducts } from './sync';

export { syncProducts, type SyncReport } from './sync';

/**
 * Data scope (server/core/data-scope.ts): a product (or its SKU, or a shop) outside the user's scope
 * answers exactly as one that does not exist. No query for an unrestricted user.
 */
const productNotFound = (id: unknown) => () => new HttpError(404, CODES.NOT_FOUND, 'server.product.notFound', { id: String(id) });

function productInScope(param: (ctx: HandlerContext) => unknown, h: Handler): Handler {
  return async (ctx) => {
    const id = param(ctx);
    if (id) await requireInScope(ctx.db, scopeOf(ctx, 'product'), 'products', String(id), productNotFound(id));
    return h(ctx);
  };
}

async function shopInScope(ctx: HandlerContext, shopId: string): Promise<void> {
  await requireInScope(
    ctx.db,
    scopeOf(ctx, 'merchantAuth'),
    'shops',
    shopId,
    () => new HttpError(404, CODES.NOT_FOUND, 'server.merchantAuth.shopNotFound', { id: shopId }),
  );
}

export const productModule: ServerModule = {
  resource: 'product',
  handlers: {
    list: async (ctx) => {
      checkIds(ctx, { merchantId: 'product.merchant', shopId: 'product.shop' });
      return listProducts(ctx.db, ctx.input, scopeOf(ctx, 'product'));
    },
    detail: productInScope(
      (ctx) => ctx.input.id,
      async ({ db, input }) => productDetail(db, input.id),
    ),
    sync: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      if (ctx.input.shopId) await shopInScope(ctx, String(ctx.input.shopId));
      // "Sync every shop" reaches other merchants' shops: a restricted user names its shop.
      else if (scopeOf(ctx, 'merchantAuth')) {
        throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: i18n.t(ctx.locale, 'product.shop') });
      }
      return syncProducts(ctx.db, lazyPlatformEnv(ctx.req), {
        shopId: ctx.input.shopId,
        nextId: ctx.nextId,
        translate: (key, values) => i18n.t(ctx.locale, key, values),
      });
    },
    skuList: productInScope(
      (ctx) => ctx.input.productId,
      async ({ db, input }) => listSkus(db, input.productId, input.keyword),
    ),
    skuEdit: async (ctx) => {
      const { db, input } = ctx;
      const product = scopeOf(ctx, 'product');
      // A SKU is reached through its product: the same scope, one level down.
      await requireInScope(
        db,
        product && { field: 'productId', ids: [], via: { resource: 'product', restriction: product } },
        'skus',
        String(input.id),
        () => new HttpError(404, CODES.NOT_FOUND, 'server.product.skuNotFound', { id: String(input.id) }),
        { product: 'products' },
      );
      return editSku(db, input.id, input.servicePrice);
    },
    // "productId" per the spec; "id" too, so a product row's action can call it with the row's key.
    skuSync: productInScope(
      (ctx) => ctx.input.productId ?? ctx.input.id,
      async (ctx) => {
        const productId = ctx.input.productId ?? ctx.input.id;
        if (!productId) {
          const field = coreState(ctx.req).i18n.t(ctx.locale, 'product.sku.product');
          throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field });
        }
        return syncOneProduct(ctx.db, lazyPlatformEnv(ctx.req), productId, ctx.nextId);
      },
    ),
  },
  seed: seedProducts,
};
