import type { ServerModule } from '../../core/contract';
import { localizedAll } from '../store';
import * as h from './merchant-handlers';
import { seedMerchants } from './merchant-seed';

export { getMerchant, listMerchants, merchantExists } from './merchant-service';
export { maskAccountNo } from './mask';

export const merchantModule: ServerModule = {
  resource: 'merchant',
  handlers: localizedAll({
    list: h.list,
    getById: h.getById,
    getForEdit: h.getForEdit,
    edit: h.edit,
    shops: h.shops,
    franchiseStore: h.franchiseStore,
  }),
  seed: seedMerchants,
};
