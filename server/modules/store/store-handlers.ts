/** HTTP handlers of the store resource (schemas/store.json); the core has validated input and roles. */
import type { Handler } from '../../core/contract';
import { notFound } from './store-errors';
import { fileKeys } from './form-input';
import { auditStore, getStore, listAudits, listStores, saveStore, storeOptions, type StoreInput } from './store-service';

export const list: Handler = ({ db, input }) => listStores(db, input);

export const getById: Handler = ({ db, input }) => getStore(db, input.id);

/** Without an id: create (pending audit). With an id: update the fields sent, with the row locked. */
export const edit: Handler = async (ctx) => {
  const input: StoreInput = { ...ctx.input };
  const photos = fileKeys(ctx, 'photos');
  if (photos !== undefined) input.photos = photos;
  return saveStore(ctx.db, input, ctx.nextId);
};

/**
 * POST /merchant/franchiseStore/addOrEdit: creates a store under the merchant (pending audit), or
 * edits one of that merchant's own stores (same rules as /store/edit).
 */
export const franchiseSave: Handler = async ({ db, input, nextId }) => {
  // the merchant module's merchantExists, inlined: the merchant module imports this one (no cycle)
  const m = await db.query(`SELECT 1 FROM merchants WHERE id = $1`, [input.merchantId]);
  if (!m.rows[0]) throw notFound('server.merchant.notFound');
  return saveStore(db, input as StoreInput, nextId, input.id ? input.merchantId : undefined);
};

export const audit: Handler = ({ db, input, user, nextId }) =>
  auditStore(db, { id: input.id, result: input.result, reason: input.reason, operatorId: user!.id, nextId });

export const audits: Handler = async ({ db, input }) => {
  await getStore(db, input.id);
  return listAudits(db, input.id);
};

export const dict: Handler = ({ db, input }) => storeOptions(db, input);
