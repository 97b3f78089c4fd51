/** HTTP handlers of the store resource (schemas/store.json); the core has validated input and roles. */
import type { Handler } from '../../core/contract';
import type { StoreBindings } from '../../../src/generated/types';
import { notFound } from '../../core/http-errors';
import { auditStore, getStore, listAudits, saveStore, storeOptions, stores, type StoreInput } from './store-service';

export const list: Handler<StoreBindings['list']> = ({ db, input }) => stores.list(db, input);

export const getById: Handler<StoreBindings['getById']> = ({ db, input }) => getStore(db, input.id);

/** Without an id: create (pending audit). With an id: update the fields sent, with the row locked. */
export const edit: Handler<StoreBindings['edit']> = (ctx) => saveStore(ctx.db, stores.formInput(ctx), ctx.nextId);

/**
 * POST /merchant/franchiseStore/addOrEdit: creates a store under the merchant (pending audit), or
 * edits one of that merchant's own stores (same rules as /store/edit).
 */
export const franchiseSave: Handler<StoreBindings['franchiseSave']> = async ({ db, input, nextId }) => {
  const m = await db.query(`SELECT 1 FROM merchants WHERE id = $1`, [input.merchantId]);
  if (!m.rows[0]) throw notFound('server.merchant.notFound');
  return saveStore(db, input as StoreInput, nextId, input.id ? input.merchantId : undefined);
};

export const audit: Handler<StoreBindings['audit']> = ({ db, input, user, nextId }) =>
  auditStore(db, { id: input.id, result: input.result, reason: input.reason, operatorId: user!.id, nextId });

export const audits: Handler<StoreBindings['audits']> = async ({ db, input }) => {
  await getStore(db, input.id);
  return listAudits(db, input.id);
};

export const dict: Handler<StoreBindings['dict']> = ({ db, input }) => storeOptions(db, input);
