/**
 * The order module: handlers for every binding of schemas/order.json, the demo/benchmark seed, and
 * the service function other modules use (createOrder, for the trade import).
 */
import { HttpError, type Handler, type HandlerContext, type ServerModule } from '../../core/contract';
import { withIdempotency } from '../../core/idempotency';
import { idsInScope, requireInScope, scopeOf } from '../../core/data-scope';
import { CODES } from '../../../src/schema/codes';
import { assignAutoBulk, assignManual, isAutoAssignOn, setAutoAssign } from './assign';
import { createOrder } from './create';
import { exportFileName, writeOrdersXlsx } from './export';
import { translator } from './i18n';
import { listLogs, type Actor } from './logs';
import { adjustPrice, confirmSettle, refund, setServiceAmount, settle } from './money-actions';
import { countOrders, getOrderDetail, listOrders } from './query';
import { readOrder, toRecord } from './record';
import { seedOrders } from './seed';
import { addRemark, closeOrder, createWorkOrder, editOrder, type ActionDeps } from './service-actions';

export { createOrder, type NewOrder } from './create';
export { settlementAmount } from './money';

function actorOf(ctx: HandlerContext): Actor {
  return { id: ctx.user?.id ?? null, name: ctx.user ? ctx.user.nickname || ctx.user.username : 'system' };
}

function deps(ctx: HandlerContext): ActionDeps {
  return { db: ctx.db, nextId: ctx.nextId, actor: actorOf(ctx), t: translator(ctx.locale) };
}

function big(v: unknown): bigint | null {
  return v === null || v === undefined || v === '' ? null : BigInt(String(v));
}

/** A required free-text reason: whitespace alone is refused, naming the field. */
function reasonOf(ctx: HandlerContext, name = 'reason', title = 'order.reason'): string {
  const v = typeof ctx.input[name] === 'string' ? ctx.input[name].trim() : '';
  if (!v) throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: translator(ctx.locale)(title) });
  return v;
}

const notFound = () => new HttpError(404, CODES.NOT_FOUND, 'server.order.notFound');

/**
 * Data scope (server/core/data-scope.ts): a handler naming an order outside the user's scope answers
 * exactly as for an order that does not exist. No query for an unrestricted user.
 */
function inScope(h: Handler): Handler {
  return async (ctx) => {
    await requireInScope(ctx.db, scopeOf(ctx, 'order'), 'orders', BigInt(ctx.input.id), notFound);
    return h(ctx);
  };
}

/** A store or merchant the user names must be one of its scope, else it is refused as unknown. */
async function refInScope(ctx: HandlerContext, resource: 'store' | 'merchant', table: string, id: bigint, field: string) {
  await requireInScope(ctx.db, scopeOf(ctx, resource), table, id, () => new HttpError(400, CODES.BAD_REQUEST, 'server.order.notFoundRef', { field }));
}

async function recordOf(ctx: HandlerContext, id: bigint) {
  const row = await readOrder(ctx.db, id);
  if (!row) throw new HttpError(404, CODES.NOT_FOUND, 'server.order.notFound');
  return toRecord(row);
}

/** Wraps a money action: Idempotency-Key + one transaction; the stored result is the order after it. */
function money(scope: string, run: (d: ActionDeps, ctx: HandlerContext) => Promise<void>): Handler {
  return inScope((ctx) =>
    withIdempotency(ctx, `order.${scope}`, async (tx) => {
      const d = { ...deps(ctx), db: tx };
      await run(d, ctx);
      return recordOf({ ...ctx, db: tx }, BigInt(ctx.input.id));
    }),
  );
}

const handlers: Record<string, Handler> = {
  list: async (ctx) => listOrders(ctx.db, ctx.input, scopeOf(ctx, 'order')),
  count: async (ctx) => countOrders(ctx.db, ctx.input, scopeOf(ctx, 'order')),
  get: inScope(async ({ db, input }) => {
    const detail = await getOrderDetail(db, BigInt(input.id));
    if (!detail) throw notFound();
    return detail;
  }),
  logs: inScope(async ({ db, input }) => {
    const row = await readOrder(db, BigInt(input.id));
    if (!row) throw notFound();
    return listLogs(db, BigInt(input.id));
  }),
  config: async ({ db }) => ({ autoAssign: await isAutoAssignOn(db) }),
  autoAssignSwitch: async ({ db, input, user }) => {
    await setAutoAssign(db, input.autoAssign === true, user?.id ?? null);
    return { autoAssign: await isAutoAssignOn(db) };
  },
  export: async (ctx) => {
    // Streamed straight to the socket (hijacked), so a large export never sits in memory whole.
    const name = exportFileName(ctx.locale);
    const scope = scopeOf(ctx, 'order');
    const raw = ctx.reply.raw;
    ctx.reply.hijack();
    raw.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    });
    try {
      await writeOrdersXlsx(ctx.db, ctx.input, ctx.locale, raw, scope);
    } catch (err) {
      ctx.req.log.error({ err }, 'order export failed');
      raw.destroy(err as Error);
    }
    return null;
  },
  add: async (ctx) => {
    const { input } = ctx;
    await refInScope(ctx, 'merchant', 'merchants', BigInt(input.merchantId), 'merchantId');
    return createOrder(
      ctx.db,
      {
        source: 'manual',
        merchantId: input.merchantId,
        shopId: input.shopId,
        platformTradeNo: input.platformTradeNo || null,
        productId: input.productId,
        skuId: input.skuId,
        productTitle: input.productTitle,
        quantity: input.quantity ?? 1,
        customerName: input.customerName.trim(),
        customerPhone: input.customerPhone,
        region: input.region,
        address: input.address.trim(),
        paidAmount: input.paidAmount,
        remark: input.remark || null,
        // uploaded parts are already in input.attachments as file keys (core merges them)
        attachments: input.attachments ?? [],
      },
      actorOf(ctx),
      { nextId: ctx.nextId },
    );
  },
  edit: inScope(async (ctx) => {
    const { input } = ctx;
    await editOrder(deps(ctx), {
      id: BigInt(input.id),
      customerName: input.customerName ?? undefined,
      customerPhone: input.customerPhone ?? undefined,
      region: input.region ?? undefined,
      address: input.address ?? undefined,
      remark: input.remark === undefined ? undefined : input.remark || null,
      attachments: input.attachments === undefined ? undefined : (input.attachments ?? []),
    });
    return recordOf(ctx, BigInt(input.id));
  }),
  assignManual: inScope(async (ctx) => {
    const { input } = ctx;
    await refInScope(ctx, 'store', 'stores', BigInt(input.storeId), translator(ctx.locale)('order.store'));
    await assignManual(
      ctx.db,
      ctx.nextId,
      {
        id: BigInt(input.id),
        storeId: BigInt(input.storeId),
        staffId: big(input.staffId),
        merchantId: big(input.merchantId),
      },
      actorOf(ctx),
      translator(ctx.locale),
    );
    return recordOf(ctx, BigInt(input.id));
  }),
  assignAuto: async (ctx) => {
    // Orders outside the user's scope are reported exactly like ids that do not exist.
    const t = translator(ctx.locale);
    const ids = [...new Set(ctx.input.ids as string[])].map((x) => BigInt(x));
    const visible = await idsInScope(ctx.db, scopeOf(ctx, 'order'), 'orders', ids);
    const hidden = ids.filter((x) => !visible.has(String(x)));
    const report = await assignAutoBulk(
      ctx.db,
      ctx.nextId,
      ids.filter((x) => visible.has(String(x))),
      actorOf(ctx),
      t,
    );
    if (hidden.length === 0) return report;
    const missing = hidden.map((id) => ({ id, orderNo: null, reason: 'notFound' as const, message: t('order.assignResult.notFound') }));
    return { ...report, requested: ids.length, failed: [...report.failed, ...missing] };
  },
  workOrder: inScope(async (ctx) => {
    const { input } = ctx;
    await createWorkOrder(deps(ctx), {
      id: BigInt(input.id),
      workOrderType: input.workOrderType,
      appointmentAt: input.appointmentAt,
      staffId: big(input.staffId),
      notes: input.notes?.trim() || null,
    });
    return recordOf(ctx, BigInt(input.id));
  }),
  remark: inScope(async (ctx) => {
    await addRemark(deps(ctx), { id: BigInt(ctx.input.id), remark: reasonOf(ctx, 'remark', 'order.remark') });
    return recordOf(ctx, BigInt(ctx.input.id));
  }),
  close: inScope(async (ctx) => {
    await closeOrder(deps(ctx), { id: BigInt(ctx.input.id), reason: reasonOf(ctx) });
    return recordOf(ctx, BigInt(ctx.input.id));
  }),
  adjustPrice: money('adjustPrice', (d, ctx) => adjustPrice(d, { id: BigInt(ctx.input.id), newAmount: ctx.input.newAmount, reason: reasonOf(ctx) })),
  refund: money('refund', (d, ctx) => refund(d, { id: BigInt(ctx.input.id), refundAmount: ctx.input.refundAmount, reason: reasonOf(ctx) })),
  setSettleAmount: money('setSettleAmount', (d, ctx) => setServiceAmount(d, { id: BigInt(ctx.input.id), serviceAmount: ctx.input.serviceAmount })),
  confirmSettle: money('confirmSettle', (d, ctx) => confirmSettle(d, { id: BigInt(ctx.input.id) })),
  settle: money('settle', (d, ctx) => settle(d, { id: BigInt(ctx.input.id) })),
};

export const orderModule: ServerModule = {
  resource: 'order',
  handlers,
  seed: seedOrders,
};
