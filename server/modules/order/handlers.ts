/**
 * HTTP handlers of schemas/order.json, each typed by its binding's generated input (`OrderBindings`).
 * Reads go through the resource layer (record.ts: list, counts, detail); the state machine, money,
 * assignment and creation rules live in their own files. The core has validated input and roles.
 */
import type { Handler, HandlerContext } from '../../core/contract';
import { idsInScope, requireInScope, scopeOf } from '../../core/data-scope';
import { badField, notFound } from '../../core/http-errors';
import { withIdempotency } from '../../core/idempotency';
import { scoped } from '../../core/resource';
import type { OrderBindings, OrderResults } from '../../../src/generated/types';
import { assignAutoBulk, assignManual as assignManually, isAutoAssignOn, setAutoAssign } from './assign';
import { createOrder } from './create';
import { getOrderDetail } from './detail';
import { translator } from './i18n';
import { listLogs, type Actor } from './logs';
import { adjustPrice as adjust, confirmSettle as confirm, refund as refundOrder, setServiceAmount, settle as settleOrder } from './money-actions';
import { orders, type OrderView } from './record';
import { addRemark, closeOrder, createWorkOrder, editOrder, type ActionDeps } from './service-actions';

/** The handler of binding K: its input, and what it answers (`OrderResults`, from the schema). */
type H<K extends keyof OrderBindings> = Handler<OrderBindings[K], OrderResults<bigint | string>[K]>;

function actorOf(ctx: HandlerContext<unknown>): Actor {
  return { id: ctx.user?.id ?? null, name: ctx.user ? ctx.user.nickname || ctx.user.username : 'system' };
}

function deps(ctx: HandlerContext<unknown>): ActionDeps {
  return { db: ctx.db, nextId: ctx.nextId, actor: actorOf(ctx), t: translator(ctx.locale) };
}

const big = (v: string | null | undefined): bigint | null => (v ? BigInt(v) : null);

/** A required free-text reason: whitespace alone is refused, naming the field. */
function textOf(ctx: HandlerContext<unknown>, value: string | null | undefined, title: string): string {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) throw badField('server.validation.required', translator(ctx.locale)(title));
  return v;
}

const orderNotFound = () => notFound('server.order.notFound');
/** The user's data scope on orders as the resource layer's read option. */
const scopeOpts = (ctx: HandlerContext<unknown>) => scoped(scopeOf(ctx, 'order'));

/**
 * Data scope (server/core/data-scope.ts): a handler naming an order outside the user's scope answers
 * exactly as for an order that does not exist. No query for an unrestricted user.
 */
function inScope<I extends { id: string }, O>(h: Handler<I, O>): Handler<I, O> {
  return async (ctx) => {
    await requireInScope(ctx.db, scopeOf(ctx, 'order'), 'orders', ctx.input.id, orderNotFound);
    return h(ctx);
  };
}

/** A store or merchant the user names must be one of its scope, else it is refused as unknown. */
async function refInScope(ctx: HandlerContext<unknown>, resource: 'store' | 'merchant', table: string, id: string, field: string) {
  await requireInScope(ctx.db, scopeOf(ctx, resource), table, id, () => badField('server.order.notFoundRef', field));
}

/** Wraps a money action: Idempotency-Key + one transaction; the stored result is the order after it. */
function money<I extends { id: string }>(scope: string, run: (d: ActionDeps, input: I, ctx: HandlerContext<I>) => Promise<void>): Handler<I, OrderView> {
  return inScope((ctx) =>
    withIdempotency(ctx, `order.${scope}`, async (tx) => {
      await run({ ...deps(ctx), db: tx }, ctx.input, ctx);
      return orders.get(tx, ctx.input.id);
    }),
  );
}

export const list: H<'list'> = (ctx) => orders.list(ctx.db, ctx.input, scopeOpts(ctx));

/** Per-status counts under the filters except status itself (the tabs). */
export const count: H<'count'> = (ctx) => orders.countBy(ctx.db, 'status', ctx.input, scopeOpts(ctx));

export const get: H<'get'> = (ctx) => getOrderDetail(ctx.db, BigInt(ctx.input.id), scopeOpts(ctx));

export const logs: H<'logs'> = async (ctx) => {
  await orders.get(ctx.db, ctx.input.id, scopeOpts(ctx));
  return listLogs(ctx.db, BigInt(ctx.input.id));
};

export const config: H<'config'> = async ({ db }) => ({ autoAssign: await isAutoAssignOn(db) });

export const autoAssignSwitch: H<'autoAssignSwitch'> = async ({ db, input, user }) => {
  await setAutoAssign(db, input.autoAssign === true, user?.id ?? null);
  return { autoAssign: await isAutoAssignOn(db) };
};

export const add: H<'add'> = async (ctx) => {
  const { input } = ctx;
  await refInScope(ctx, 'merchant', 'merchants', input.merchantId, 'merchantId');
  return createOrder(
    ctx.db,
    {
      ...input,
      source: 'manual',
      platformTradeNo: input.platformTradeNo || null,
      quantity: input.quantity ?? 1,
      customerName: textOf(ctx, input.customerName, 'order.customerName'),
      address: textOf(ctx, input.address, 'order.address'),
      remark: input.remark || null,
      // uploaded parts are already in input.attachments as file keys (core merges them)
      attachments: (input.attachments ?? []) as string[],
    },
    actorOf(ctx),
    { nextId: ctx.nextId },
  );
};

export const edit: H<'edit'> = inScope(async (ctx) => {
  const { input } = ctx;
  await editOrder(deps(ctx), {
    id: BigInt(input.id),
    customerName: input.customerName ?? undefined,
    customerPhone: input.customerPhone ?? undefined,
    region: input.region ?? undefined,
    address: input.address ?? undefined,
    remark: input.remark === undefined ? undefined : input.remark || null,
    attachments: input.attachments === undefined ? undefined : ((input.attachments ?? []) as string[]),
  });
  return orders.get(ctx.db, input.id);
});

export const assignManual: H<'assignManual'> = inScope(async (ctx) => {
  const { input } = ctx;
  await refInScope(ctx, 'store', 'stores', input.storeId, translator(ctx.locale)('order.store'));
  const target = { id: BigInt(input.id), storeId: BigInt(input.storeId), staffId: big(input.staffId), merchantId: big(input.merchantId) };
  await assignManually(ctx.db, ctx.nextId, target, actorOf(ctx), translator(ctx.locale));
  return orders.get(ctx.db, input.id);
});

export const assignAuto: H<'assignAuto'> = async (ctx) => {
  // Orders outside the user's scope are reported exactly like ids that do not exist.
  const t = translator(ctx.locale);
  const ids = [...new Set(ctx.input.ids)].map((x) => BigInt(x));
  const visible = await idsInScope(ctx.db, scopeOf(ctx, 'order'), 'orders', ids);
  const shown = ids.filter((x) => visible.has(String(x)));
  const report = await assignAutoBulk(ctx.db, ctx.nextId, shown, actorOf(ctx), t);
  const hidden = ids.filter((x) => !visible.has(String(x)));
  if (hidden.length === 0) return report;
  const missing = hidden.map((id) => ({ id, orderNo: null, reason: 'notFound' as const, message: t('order.assignResult.notFound') }));
  return { ...report, requested: ids.length, failed: [...report.failed, ...missing] };
};

export const workOrder: H<'workOrder'> = inScope(async (ctx) => {
  const { input } = ctx;
  const notes = input.notes?.trim() || null;
  await createWorkOrder(deps(ctx), { ...input, id: BigInt(input.id), staffId: big(input.staffId), notes });
  return orders.get(ctx.db, input.id);
});

export const remark: H<'remark'> = inScope(async (ctx) => {
  await addRemark(deps(ctx), { id: BigInt(ctx.input.id), remark: textOf(ctx, ctx.input.remark, 'order.remark') });
  return orders.get(ctx.db, ctx.input.id);
});

export const close: H<'close'> = inScope(async (ctx) => {
  await closeOrder(deps(ctx), { id: BigInt(ctx.input.id), reason: textOf(ctx, ctx.input.reason, 'order.reason') });
  return orders.get(ctx.db, ctx.input.id);
});

export const adjustPrice: H<'adjustPrice'> = money('adjustPrice', (d, i, ctx) =>
  adjust(d, { id: BigInt(i.id), newAmount: i.newAmount, reason: textOf(ctx, i.reason, 'order.reason') }),
);

export const refund: H<'refund'> = money('refund', (d, i, ctx) =>
  refundOrder(d, { id: BigInt(i.id), refundAmount: i.refundAmount, reason: textOf(ctx, i.reason, 'order.reason') }),
);

export const setSettleAmount: H<'setSettleAmount'> = money('setSettleAmount', (d, i) =>
  setServiceAmount(d, { id: BigInt(i.id), serviceAmount: i.serviceAmount }),
);

export const confirmSettle: H<'confirmSettle'> = money('confirmSettle', (d, i) => confirm(d, { id: BigInt(i.id) }));

export const settle: H<'settle'> = money('settle', (d, i) => settleOrder(d, { id: BigInt(i.id) }));
