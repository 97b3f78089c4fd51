/**
 * The logistics module: handlers of schemas/logisticsOrder.json (handlers.ts: list, count, detail,
 * events, add, cancel, and the carriers' signed push POST /api/delivery/track) and the demo seed.
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { LogisticsOrderBindings, LogisticsOrderResults } from '../../../src/generated/types';
import * as h from './handlers';
import { seedLogistics } from './seed';

export { signDelivery, DEV_DELIVERY_SECRET, SIGNATURE_HEADER } from './push';

export const logisticsModule: ServerModule = {
  resource: 'logisticsOrder',
  handlers: {
    list: h.list,
    count: h.count,
    get: h.get,
    events: h.events,
    add: h.add,
    cancel: h.cancel,
    track: h.track,
  } satisfies ModuleHandlers<LogisticsOrderBindings, LogisticsOrderResults<bigint | string>>,
  seed: seedLogistics,
};
