/**
 * Shop authorisation (schemas/merchantAuth.json): shops, the OAuth flow, unbinding, history trade
 * import, the product sync with its progress, the shop dictionary, and the sandbox platform's public
 * endpoints (server/platforms/sandbox).
 */
import type { MerchantAuthBindings, MerchantAuthResults } from '../../../src/generated/types';
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import { sandboxHandlers as sandbox } from '../../platforms/sandbox/endpoints';
import { seedShops } from './seed';
import * as h from './shop-handlers';

export const merchantAuthModule: ServerModule = {
  resource: 'merchantAuth',
  handlers: {
    list: h.list,
    detail: h.detail,
    auth: h.auth,
    callback: h.callback,
    unbind: h.unbind,
    add: h.add,
    getPlatform: h.getPlatform,
    getHistoryTrades: h.getHistoryTrades,
    imports: h.imports,
    syncProducts: h.syncProducts,
    listAll: h.listAll,
    dict: h.dict,
    sandboxAuthorize: sandbox.sandboxAuthorize,
    sandboxApprove: sandbox.sandboxApprove,
    sandboxToken: sandbox.sandboxToken,
    sandboxShop: sandbox.sandboxShop,
    sandboxProducts: sandbox.sandboxProducts,
    sandboxProduct: sandbox.sandboxProduct,
    sandboxTrades: sandbox.sandboxTrades,
    sandboxImage: sandbox.sandboxImage,
  } satisfies ModuleHandlers<MerchantAuthBindings, MerchantAuthResults<bigint | string>>,
  seed: seedShops,
};
