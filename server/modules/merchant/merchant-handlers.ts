/** HTTP handlers of the merchant resource (schemas/merchant.json); the core has validated input and roles. */
import type { Handler, HandlerContext } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { fileKeys, notFound, storesOfMerchant } from '../store';
import { getMerchant, listMerchants, merchantExists, saveMerchant, shopsOfMerchant, type MerchantInput } from './merchant-service';

function oneFileKey(ctx: HandlerContext, name: string): string | null | undefined {
  const keys = fileKeys(ctx, name);
  return keys === undefined ? undefined : (keys[0] ?? null);
}

/**
 * Data scope (server/core/data-scope.ts): a merchant outside the user's scope answers exactly as one
 * that does not exist. No query for an unrestricted user.
 */
function inScope(h: Handler): Handler {
  return async (ctx) => {
    if (ctx.input.id) await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', ctx.input.id, () => notFound('server.merchant.notFound'));
    return h(ctx);
  };
}

export const list: Handler = (ctx) => listMerchants(ctx.db, ctx.input, scopeOf(ctx, 'merchant'));

export const getById: Handler = inScope(({ db, input }) => getMerchant(db, input.id));

/** Admin-only read for the edit form: the settlement account number is not masked. */
export const getForEdit: Handler = inScope(({ db, input }) => getMerchant(db, input.id, true));

/** Without an id: create. With an id: update the fields sent. */
export const edit: Handler = inScope(async (ctx) => {
  const input: MerchantInput = { ...ctx.input };
  const logo = oneFileKey(ctx, 'logo');
  const license = oneFileKey(ctx, 'license');
  if (logo !== undefined) input.logo = logo;
  if (license !== undefined) input.license = license;
  return saveMerchant(ctx.db, input, ctx.nextId);
});

export const shops: Handler = inScope(async ({ db, input }) => {
  if (!(await merchantExists(db, input.id))) throw notFound('server.merchant.notFound');
  return shopsOfMerchant(db, input.id);
});

export const franchiseStore: Handler = inScope(async ({ db, input }) => {
  if (!(await merchantExists(db, input.id))) throw notFound('server.merchant.notFound');
  return storesOfMerchant(db, input.id);
});
