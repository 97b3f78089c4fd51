/** HTTP handlers of the store resource (schemas/store.json); the core has validated input and roles. */
import type { Handler, HandlerContext } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { badField, notFound } from './store-errors';
import { fileKeys } from './form-input';
import { auditStore, getStore, listAudits, listStores, saveStore, storeOptions, type StoreInput } from './store-service';

/**
 * Data scope (server/core/data-scope.ts): a store outside the user's scope answers exactly as one that
 * does not exist; a merchant named outside it is refused as unknown. No query for an unrestricted user.
 */
function inScope(h: Handler): Handler {
  return async (ctx) => {
    if (ctx.input.id) await requireInScope(ctx.db, scopeOf(ctx, 'store'), 'stores', ctx.input.id, () => notFound('server.store.notFound'));
    return h(ctx);
  };
}

async function merchantInScope(ctx: HandlerContext, error: () => Error): Promise<void> {
  if (ctx.input.merchantId) await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', ctx.input.merchantId, error);
}

export const list: Handler = (ctx) => listStores(ctx.db, ctx.input, scopeOf(ctx, 'store'));

export const getById: Handler = inScope(({ db, input }) => getStore(db, input.id));

/** Without an id: create (pending audit). With an id: update the fields sent, with the row locked. */
export const edit: Handler = inScope(async (ctx) => {
  await merchantInScope(ctx, () => badField('server.store.merchantNotFound', 'store.merchant'));
  const input: StoreInput = { ...ctx.input };
  const photos = fileKeys(ctx, 'photos');
  if (photos !== undefined) input.photos = photos;
  return saveStore(ctx.db, input, ctx.nextId);
});

/**
 * POST /merchant/franchiseStore/addOrEdit: creates a store under the merchant (pending audit), or
 * edits one of that merchant's own stores (same rules as /store/edit).
 */
export const franchiseSave: Handler = inScope(async (ctx) => {
  const { db, input, nextId } = ctx;
  await merchantInScope(ctx, () => notFound('server.merchant.notFound'));
  // the merchant module's merchantExists, inlined: the merchant module imports this one (no cycle)
  const m = await db.query(`SELECT 1 FROM merchants WHERE id = $1`, [input.merchantId]);
  if (!m.rows[0]) throw notFound('server.merchant.notFound');
  return saveStore(db, input as StoreInput, nextId, input.id ? input.merchantId : undefined);
});

export const audit: Handler = inScope(({ db, input, user, nextId }) =>
  auditStore(db, { id: input.id, result: input.result, reason: input.reason, operatorId: user!.id, nextId }));

export const audits: Handler = inScope(async ({ db, input }) => {
  await getStore(db, input.id);
  return listAudits(db, input.id);
});

export const dict: Handler = (ctx) => storeOptions(ctx.db, ctx.input, scopeOf(ctx, 'store'));
