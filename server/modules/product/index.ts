/**
 * Products and SKUs (schemas/product.json): list and detail, sync from the shops' platforms, and
 * a SKU's service price. Exports syncProducts for the merchantAuth module's "sync this shop".
 */
import { CODES } from '../../../src/schema';
import { HttpError, type ServerModule } from '../../core/contract';
import { coreState } from '../../core/state';
import { lazyPlatformEnv } from '../../platforms/env';
import { checkIds } from '../../core/ids';
import { editSku, listProducts, listSkus, productDetail } from './product-query';
import { seedProducts } from './seed';
import { syncOneProduct, syncProducts } from './sync';

export { syncProducts, type SyncReport } from './sync';

export const productModule: ServerModule = {
  resource: 'product',
  handlers: {
    list: async (ctx) => {
      checkIds(ctx, { merchantId: 'product.merchant', shopId: 'product.shop' });
      return listProducts(ctx.db, ctx.input);
    },
    detail: async ({ db, input }) => productDetail(db, input.id),
    sync: async (ctx) => {
      const { i18n } = coreState(ctx.req);
      return syncProducts(ctx.db, lazyPlatformEnv(ctx.req), {
        shopId: ctx.input.shopId,
        nextId: ctx.nextId,
        translate: (key, values) => i18n.t(ctx.locale, key, values),
      });
    },
    skuList: async ({ db, input }) => listSkus(db, input.productId, input.keyword),
    skuEdit: async ({ db, input }) => editSku(db, input.id, input.servicePrice),
    // "productId" per the spec; "id" too, so a product row's action can call it with the row's key.
    skuSync: async (ctx) => {
      const productId = ctx.input.productId ?? ctx.input.id;
      if (!productId) {
        const field = coreState(ctx.req).i18n.t(ctx.locale, 'product.sku.product');
        throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field });
      }
      return syncOneProduct(ctx.db, lazyPlatformEnv(ctx.req), productId, ctx.nextId);
    },
  },
  seed: seedProducts,
};
