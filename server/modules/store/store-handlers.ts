/** HTTP handlers of the store resource (schemas/store.json); the core has validated input and roles. */
import type { Handler, HandlerContext } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import type { StoreBindings, StoreResults } from '../../../src/generated/types';
import { badField, notFound } from '../../core/http-errors';
import { scoped } from '../../core/resource';
import { auditStore, getStore, listAudits, saveStore, storeOptions, stores, type StoreInput } from './store-service';

/** The handler of binding K: its input, and what it answers (`StoreResults`, from the schema). */
type H<K extends keyof StoreBindings> = Handler<StoreBindings[K], StoreResults<bigint | string>[K]>;

/**
 * Data scope (server/core/data-scope.ts): a store outside the user's scope answers exactly as one that
 * does not exist; a merchant named outside it is refused as unknown. No query for an unrestricted user.
 */
function inScope<I extends { id?: string | null }, O>(h: Handler<I, O>): Handler<I, O> {
  return async (ctx) => {
    if (ctx.input.id) await requireInScope(ctx.db, scopeOf(ctx, 'store'), 'stores', ctx.input.id, () => notFound('server.store.notFound'));
    return h(ctx);
  };
}

async function merchantInScope(ctx: HandlerContext<{ merchantId?: string | null }>, error: () => Error): Promise<void> {
  if (ctx.input.merchantId) await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', ctx.input.merchantId, error);
}

export const list: H<'list'> = (ctx) => stores.list(ctx.db, ctx.input, scoped(scopeOf(ctx, 'store')));

export const getById: H<'getById'> = inScope(({ db, input }) => getStore(db, input.id));

/** Without an id: create (pending audit). With an id: update the fields sent, with the row locked. */
export const edit: H<'edit'> = inScope(async (ctx) => {
  await merchantInScope(ctx, () => badField('server.store.merchantNotFound', 'store.merchant'));
  return saveStore(ctx.db, stores.formInput(ctx), ctx.nextId);
});

/**
 * POST /merchant/franchiseStore/addOrEdit: creates a store under the merchant (pending audit), or
 * edits one of that merchant's own stores (same rules as /store/edit).
 */
export const franchiseSave: H<'franchiseSave'> = inScope(async (ctx) => {
  const { db, input, nextId } = ctx;
  await merchantInScope(ctx, () => notFound('server.merchant.notFound'));
  // the merchant module imports this one, so its existence is checked here (no import cycle)
  const m = await db.query(`SELECT 1 FROM merchants WHERE id = $1`, [input.merchantId]);
  if (!m.rows[0]) throw notFound('server.merchant.notFound');
  return saveStore(db, input as StoreInput, nextId, input.id ? input.merchantId : undefined);
});

export const audit: H<'audit'> = inScope(({ db, input, user, nextId }) =>
  auditStore(db, { id: input.id, result: input.result, reason: input.reason, operatorId: user!.id, nextId }),
);

export const audits: H<'audits'> = inScope(async ({ db, input }) => {
  await getStore(db, input.id);
  return listAudits(db, input.id);
});

export const dict: H<'dict'> = (ctx) => storeOptions(ctx.db, ctx.input, scopeOf(ctx, 'store'));
