import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { StoreBindings, StoreResults } from '../../../src/generated/types';
import * as h from './store-handlers';
import { seedStores } from './store-seed';

export { isAssignable, assignableSql, getStore, storeOptions, storesOfMerchant, OPEN_ORDER_STATUSES } from './store-service';
export type { StoreRecord } from './store-service';
export { checkRegionPath, checkServiceArea, regionLabelOf, regionName, regionPathName } from './region';

export const storeModule: ServerModule = {
  resource: 'store',
  handlers: {
    list: h.list,
    getById: h.getById,
    edit: h.edit,
    franchiseSave: h.franchiseSave,
    audit: h.audit,
    audits: h.audits,
    dict: h.dict,
  } satisfies ModuleHandlers<StoreBindings, StoreResults<bigint | string>>,
  seed: seedStores,
};
