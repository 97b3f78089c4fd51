import type { ServerModule } from '../../core/contract';
import { localizedAll } from './store-errors';
import * as h from './store-handlers';
import { seedStores } from './store-seed';

export { isAssignable, assignableSql, getStore, storeOptions, OPEN_ORDER_STATUSES } from './store-service';
export type { StoreRecord } from './store-service';
export { badField, conflict, likePattern, localizedAll, notFound, toIso } from './store-errors';
export { fileKeys, unknownFileKey } from './form-input';
export { storesOfMerchant } from './store-service';
export { checkRegionPath, checkServiceArea, regionName, regionPathName } from './region';

export const storeModule: ServerModule = {
  resource: 'store',
  handlers: localizedAll({
    list: h.list,
    getById: h.getById,
    edit: h.edit,
    franchiseSave: h.franchiseSave,
    audit: h.audit,
    audits: h.audits,
    dict: h.dict,
  }),
  seed: seedStores,
};
