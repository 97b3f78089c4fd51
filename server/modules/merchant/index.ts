import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { MerchantBindings } from '../../../src/generated/types';
import { storesOfMerchant } from '../store';
import { getForEdit, merchants, saveMerchant, shopsOfMerchant } from './merchant-service';
import { seedMerchants } from './merchant-seed';

export { merchants } from './merchant-service';
export { maskAccountNo } from './mask';

export const merchantModule: ServerModule = {
  resource: 'merchant',
  handlers: {
    list: ({ db, input }) => merchants.list(db, input),
    getById: ({ db, input }) => merchants.get(db, input.id),
    getForEdit: ({ db, input }) => getForEdit(db, input.id),
    edit: (ctx) => saveMerchant(ctx.db, merchants.formInput(ctx), ctx.nextId),
    shops: ({ db, input }) => shopsOfMerchant(db, input.id),
    franchiseStore: async ({ db, input }) => {
      await merchants.get(db, input.id);
      return storesOfMerchant(db, input.id);
    },
  } satisfies ModuleHandlers<MerchantBindings>,
  seed: seedMerchants,
};
