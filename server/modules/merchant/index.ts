import type { ModuleHandlers, ServerModule } from '../../core/contract';
import { scopeOf } from '../../core/data-scope';
import { scoped } from '../../core/resource';
import type { MerchantBindings, MerchantResults } from '../../../src/generated/types';
import { storesOfMerchant } from '../store';
import { getForEdit, merchants, saveMerchant, shopsOfMerchant } from './merchant-service';
import { seedMerchants } from './merchant-seed';

export { merchants } from './merchant-service';
export { maskAccountNo } from './mask';

export const merchantModule: ServerModule = {
  resource: 'merchant',
  // data scope (server/core/data-scope.ts): a merchant outside the user's scope answers as one that does not exist
  handlers: {
    list: (ctx) => merchants.list(ctx.db, ctx.input, scoped(scopeOf(ctx, 'merchant'))),
    getById: (ctx) => merchants.get(ctx.db, ctx.input.id, scoped(scopeOf(ctx, 'merchant'))),
    getForEdit: (ctx) => getForEdit(ctx.db, ctx.input.id, scoped(scopeOf(ctx, 'merchant'))),
    edit: (ctx) => saveMerchant(ctx.db, merchants.formInput(ctx), ctx.nextId, scoped(scopeOf(ctx, 'merchant'))),
    shops: (ctx) => shopsOfMerchant(ctx.db, ctx.input.id, scoped(scopeOf(ctx, 'merchant'))),
    franchiseStore: async (ctx) => {
      await merchants.get(ctx.db, ctx.input.id, scoped(scopeOf(ctx, 'merchant')));
      return storesOfMerchant(ctx.db, ctx.input.id);
    },
  } satisfies ModuleHandlers<MerchantBindings, MerchantResults<bigint | string>>,
  seed: seedMerchants,
};
