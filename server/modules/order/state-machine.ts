/**
 * The order state machine (DESIGN.md §5) as one table: which statuses each action starts from, where
 * it leads and which roles may run it. Handlers consult it before changing anything; the schema's
 * action "when"/"roles" must say the same (checked by state-machine.test.ts).
 */
import { HttpError } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';

export const ORDER_STATUSES = ['pending', 'assigned', 'in_service', 'to_settle', 'settled', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which the customer's money can still move (before settled, not closed). */
export const MONEY_OPEN: OrderStatus[] = ['pending', 'assigned', 'in_service', 'to_settle'];
/** Statuses counted as a store's current load by auto-assign. */
export const OPEN_LOAD: OrderStatus[] = ['assigned', 'in_service'];

export interface Transition {
  from: readonly OrderStatus[];
  /** new status; absent: the status stays (refund decides between staying and "refunded") */
  to?: OrderStatus;
  /** empty: any signed-in user */
  roles: readonly string[];
}

export const TRANSITIONS = {
  edit: { from: ['pending', 'assigned', 'in_service'], roles: ['admin'] },
  assignManual: { from: ['pending', 'assigned'], to: 'assigned', roles: ['admin'] },
  assignAuto: { from: ['pending'], to: 'assigned', roles: ['admin'] },
  workOrder: { from: ['assigned', 'in_service'], to: 'in_service', roles: ['admin'] },
  remark: { from: ORDER_STATUSES, roles: [] },
  close: { from: ['pending', 'assigned', 'in_service'], to: 'closed', roles: ['admin'] },
  adjustPrice: { from: MONEY_OPEN, roles: ['finance'] },
  refund: { from: MONEY_OPEN, roles: ['finance'] },
  // entered once the service is under way, before confirming (orders without a service price only)
  setSettleAmount: { from: ['in_service'], roles: ['finance'] },
  confirmSettle: { from: ['in_service'], to: 'to_settle', roles: ['finance'] },
  settle: { from: ['to_settle'], to: 'settled', roles: ['finance'] },
} as const satisfies Record<string, Transition>;

export type OrderAction = keyof typeof TRANSITIONS;

/** i18n key of an action's name (the same words as its button). */
export const ACTION_TITLE: Record<OrderAction, string> = {
  edit: 'common.edit',
  assignManual: 'order.assignManual',
  assignAuto: 'order.assignAuto',
  workOrder: 'order.workOrder',
  remark: 'order.remarkAction',
  close: 'order.close',
  adjustPrice: 'order.adjustPrice',
  refund: 'order.refund',
  setSettleAmount: 'order.setSettleAmount',
  confirmSettle: 'order.confirmSettle',
  settle: 'order.settle',
};

export function canRun(action: OrderAction, status: string): boolean {
  return (TRANSITIONS[action].from as readonly string[]).includes(status);
}

/**
 * Refuses an action the order's current status does not allow: HTTP 409 / 40900 with a message
 * naming the status and the action in the request locale.
 */
export function assertCanRun(action: OrderAction, status: string, t: (key: string) => string): void {
  if (canRun(action, status)) return;
  throw new HttpError(409, CODES.CONFLICT, 'server.order.badState', {
    status: t(`enum.orderStatus.${status}`),
    action: t(ACTION_TITLE[action]),
  });
}
