/**
 * The logistics module: handlers of schemas/logisticsOrder.json (list, count, detail, events, add,
 * cancel, and the carriers' signed push POST /api/delivery/track) and the demo seed.
 */
import { HttpError, type Handler, type HandlerContext, type ServerModule } from '../../core/contract';
import { coreState } from '../../core/state';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { CODES } from '../../../src/schema/codes';
import { cancelShipment, createShipment } from './actions';
import { applyPush, deliverySecret, SIGNATURE_HEADER, verifySignature } from './push';
import { countShipments, listEvents, listShipments, readShipment, SCOPE_TABLES } from './query';
import { toRecord } from './record';
import { seedLogistics } from './seed';

export { signDelivery, DEV_DELIVERY_SECRET, SIGNATURE_HEADER } from './push';

function label(ctx: HandlerContext) {
  const { i18n } = coreState(ctx.req);
  return (key: string) => i18n.t(ctx.locale, key);
}

/** Text of a system event stored without a description (created, cancelled). */
function systemText(ctx: HandlerContext) {
  const t = label(ctx);
  return (status: string) => (status === 'created' || status === 'cancelled' ? t(`logistics.event.${status}`) : '');
}

async function recordOf(ctx: HandlerContext, id: bigint) {
  const row = await readShipment(ctx.db, id);
  if (!row) throw new HttpError(404, CODES.NOT_FOUND, 'server.logistics.notFound');
  return toRecord(row, systemText(ctx));
}

/**
 * Data scope (server/core/data-scope.ts): a shipment outside the user's scope answers exactly as one
 * that does not exist. No query for an unrestricted user.
 */
function inScope(h: Handler): Handler {
  return async (ctx) => {
    await requireInScope(
      ctx.db,
      scopeOf(ctx, 'logisticsOrder'),
      'logistics_orders',
      BigInt(ctx.input.id),
      () => new HttpError(404, CODES.NOT_FOUND, 'server.logistics.notFound'),
      SCOPE_TABLES,
    );
    return h(ctx);
  };
}

function headerOf(ctx: HandlerContext, name: string): string | undefined {
  const v = ctx.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

const handlers: Record<string, Handler> = {
  list: async (ctx) => listShipments(ctx.db, ctx.input, systemText(ctx), scopeOf(ctx, 'logisticsOrder')),
  count: async (ctx) => countShipments(ctx.db, ctx.input, scopeOf(ctx, 'logisticsOrder')),
  get: inScope(async (ctx) => recordOf(ctx, BigInt(ctx.input.id))),
  events: inScope(async (ctx) => {
    const row = await readShipment(ctx.db, BigInt(ctx.input.id));
    if (!row) throw new HttpError(404, CODES.NOT_FOUND, 'server.logistics.notFound');
    const t = label(ctx);
    return listEvents(ctx.db, row.id, (s) => t(`enum.logisticsStatus.${s}`), systemText(ctx), t(`enum.carrier.${row.carrier}`));
  }),
  add: async (ctx) => {
    const { input } = ctx;
    // The order shipped for must be one the user reaches, else it is unknown to it.
    await requireInScope(
      ctx.db,
      scopeOf(ctx, 'order'),
      'orders',
      BigInt(input.orderId),
      () => new HttpError(404, CODES.NOT_FOUND, 'server.logistics.orderNotFound'),
    );
    const id = await createShipment(
      ctx.db,
      {
        orderId: input.orderId,
        carrier: input.carrier,
        trackingNo: input.trackingNo,
        goods: input.goods,
        receiverName: input.receiverName,
        receiverPhone: input.receiverPhone,
        region: input.region,
        address: input.address,
        remark: input.remark,
      },
      { id: ctx.user?.id ?? null },
      { nextId: ctx.nextId, label: label(ctx) },
    );
    return recordOf(ctx, id);
  },
  cancel: inScope(async (ctx) => {
    const reason = String(ctx.input.reason ?? '').trim();
    if (!reason) throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: label(ctx)('logistics.cancelReason') });
    const id = BigInt(ctx.input.id);
    await cancelShipment(ctx.db, id, reason, { id: ctx.user?.id ?? null }, { nextId: ctx.nextId, label: label(ctx) });
    return recordOf(ctx, id);
  }),
  track: async (ctx) => {
    const secret = deliverySecret();
    verifySignature(ctx.req.rawBody, headerOf(ctx, SIGNATURE_HEADER), secret);
    const { input } = ctx;
    return applyPush(
      ctx.db,
      {
        carrier: input.carrier,
        trackingNo: input.trackingNo,
        status: input.status,
        time: input.time,
        description: input.description,
        location: input.location,
      },
      { nextId: ctx.nextId, label: label(ctx) },
    );
  },
};

export const logisticsModule: ServerModule = {
  resource: 'logisticsOrder',
  handlers,
  seed: seedLogistics,
};
