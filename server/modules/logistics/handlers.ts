/**
 * HTTP handlers of schemas/logisticsOrder.json, each typed by its binding's generated input
 * (`LogisticsOrderBindings`): reads through the resource layer (record.ts), the shipment rules in
 * actions.ts, the carriers' signed push in push.ts. The core has validated input and roles.
 */
import type { Handler, HandlerContext } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { scoped } from '../../core/resource';
import { badField, notFound } from '../../core/http-errors';
import { coreState } from '../../core/state';
import type { LogisticsOrderBindings, LogisticsOrderResults } from '../../../src/generated/types';
import { cancelShipment, createShipment } from './actions';
import { listEvents } from './events';
import { applyPush, deliverySecret, SIGNATURE_HEADER, verifySignature } from './push';
import { localized, shipments } from './record';

/** The handler of binding K: its input, and what it answers (`LogisticsOrderResults`, from the schema). */
type H<K extends keyof LogisticsOrderBindings> = Handler<LogisticsOrderBindings[K], LogisticsOrderResults<bigint | string>[K]>;

function label(ctx: HandlerContext<unknown>) {
  const { i18n } = coreState(ctx.req);
  return (key: string) => i18n.t(ctx.locale, key);
}

/** Text of a system event stored without a description (created, cancelled). */
function systemText(ctx: HandlerContext<unknown>) {
  const t = label(ctx);
  return (status: string) => (status === 'created' || status === 'cancelled' ? t(`logistics.event.${status}`) : '');
}

/** The user's data scope on shipments (server/core/data-scope.ts): outside it a shipment answers as absent. */
// the "via" rule: a store-bound user reaches the shipments of its store's orders
const scopeOpts = (ctx: HandlerContext<unknown>) => scoped(scopeOf(ctx, 'logisticsOrder'));

async function recordOf(ctx: HandlerContext<unknown>, id: string | bigint) {
  return localized(await shipments.get(ctx.db, id, scopeOpts(ctx)), systemText(ctx));
}

export const list: H<'list'> = async (ctx) => {
  const page = await shipments.list(ctx.db, ctx.input, scopeOpts(ctx));
  const text = systemText(ctx);
  return { ...page, list: page.list.map((r) => localized(r, text)) };
};

/** Per-status counts under the filters except status itself (the tabs). */
export const count: H<'count'> = (ctx) => shipments.countBy(ctx.db, 'status', ctx.input, scopeOpts(ctx));

export const get: H<'get'> = (ctx) => recordOf(ctx, ctx.input.id);

export const events: H<'events'> = async (ctx) => {
  const s = await shipments.get(ctx.db, ctx.input.id, scopeOpts(ctx));
  const t = label(ctx);
  return listEvents(ctx.db, s.id!, (st) => t(`enum.logisticsStatus.${st}`), systemText(ctx), t(`enum.carrier.${s.carrier}`));
};

export const add: H<'add'> = async (ctx) => {
  // The order shipped for must be one the user reaches, else it is unknown to it.
  const orderNotFound = () => notFound('server.logistics.orderNotFound');
  await requireInScope(ctx.db, scopeOf(ctx, 'order'), 'orders', ctx.input.orderId, orderNotFound);
  const id = await createShipment(ctx.db, ctx.input, { id: ctx.user?.id ?? null }, { nextId: ctx.nextId, label: label(ctx) });
  return recordOf(ctx, id);
};

export const cancel: H<'cancel'> = async (ctx) => {
  const reason = String(ctx.input.reason ?? '').trim();
  if (!reason) throw badField('server.validation.required', label(ctx)('logistics.cancelReason'));
  const s = await shipments.get(ctx.db, ctx.input.id, scopeOpts(ctx));
  await cancelShipment(ctx.db, s.id!, reason, { id: ctx.user?.id ?? null }, { nextId: ctx.nextId, label: label(ctx) });
  return recordOf(ctx, s.id!);
};

export const track: H<'track'> = async (ctx) => {
  const header = ctx.req.headers[SIGNATURE_HEADER];
  verifySignature(ctx.req.rawBody, Array.isArray(header) ? header[0] : header, deliverySecret());
  return applyPush(ctx.db, ctx.input, { nextId: ctx.nextId, label: label(ctx) });
};
