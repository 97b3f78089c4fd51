/**
 * The order module: handlers for every binding of schemas/order.json (handlers.ts), the
 * demo/benchmark seed, and the service function other modules use (createOrder, for the trade import).
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { OrderBindings, OrderResults } from '../../../src/generated/types';
import * as h from './handlers';
import { seedOrders } from './seed';

export { createOrder, type NewOrder } from './create';
export { settlementAmount } from './money';

export const orderModule: ServerModule = {
  resource: 'order',
  handlers: {
    list: h.list,
    count: h.count,
    get: h.get,
    logs: h.logs,
    config: h.config,
    autoAssignSwitch: h.autoAssignSwitch,
    add: h.add,
    edit: h.edit,
    assignManual: h.assignManual,
    assignAuto: h.assignAuto,
    workOrder: h.workOrder,
    remark: h.remark,
    close: h.close,
    adjustPrice: h.adjustPrice,
    refund: h.refund,
    setSettleAmount: h.setSettleAmount,
    confirmSettle: h.confirmSettle,
    settle: h.settle,
  } satisfies ModuleHandlers<OrderBindings, OrderResults<bigint | string>>,
  seed: seedOrders,
};
