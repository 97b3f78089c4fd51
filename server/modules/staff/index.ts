/**
 * The staff module: console users (schemas/staff.json). Handlers are thin: the rules live in
 * staff-service.ts. Role checks (only admin writes) are done by the core from the bindings' roles.
 */
import type { Handler, HandlerContext, ServerModule } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { badField, localizeError, notFound } from './staff-errors';
import { createStaff, getStaff, listStaff, resetStaffPassword, STAFF_SCOPE_TABLES, staffOptions, updateStaff, type StaffScope } from './staff-service';
import { seedStaff } from './staff-seed';

/** Staff errors name their field by title key; render it in the request's locale. */
const localized =
  (h: Handler): Handler =>
  async (ctx) => {
    try {
      return await h(ctx);
    } catch (err) {
      throw localizeError(err, ctx.locale);
    }
  };

/**
 * Data scope (server/core/data-scope.ts): a user outside the caller's scope answers as one that does
 * not exist; a bound caller binds the users it adds or edits within its own store or merchant, so it
 * can never make an account that reaches more than its own.
 */
function staffScope(ctx: HandlerContext): StaffScope {
  const rows = scopeOf(ctx, 'staff');
  if (!rows) return { rows };
  return {
    rows,
    async checkBinding({ storeId, merchantId }) {
      if (!storeId && !merchantId) throw badField('server.staff.bindingRequired', 'staff.store');
      if (storeId) await requireInScope(ctx.db, scopeOf(ctx, 'store'), 'stores', storeId, () => badField('server.staff.storeNotFound', 'staff.store'));
      if (merchantId) {
        await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', merchantId, () => badField('server.staff.merchantNotFound', 'staff.merchant'));
      }
    },
  };
}

function inScope(h: Handler): Handler {
  return async (ctx) => {
    await requireInScope(ctx.db, scopeOf(ctx, 'staff'), 'users', ctx.input.id, notFound, STAFF_SCOPE_TABLES);
    return h(ctx);
  };
}

export const staffModule: ServerModule = {
  resource: 'staff',
  handlers: {
    list: localized(async (ctx) => listStaff(ctx.db, ctx.input, scopeOf(ctx, 'staff'))),
    detail: localized(inScope(async ({ db, input }) => getStaff(db, input.id))),
    add: localized(async (ctx) => createStaff(ctx.db, ctx.nextId, ctx.input, staffScope(ctx))),
    edit: localized(inScope(async (ctx) => updateStaff(ctx.db, { ...ctx.input, id: ctx.input.id }, { id: ctx.user!.id }, staffScope(ctx)))),
    resetPassword: localized(
      inScope(async ({ db, input, user }) => resetStaffPassword(db, { id: input.id, password: input.password }, { id: user!.id, tokenHash: user!.tokenHash })),
    ),
    dict: localized(async (ctx) => staffOptions(ctx.db, ctx.input, scopeOf(ctx, 'staff'))),
  },
  seed: async (deps) => {
    await seedStaff(deps);
  },
};

export { createStaff, getStaff, listStaff, resetStaffPassword, staffOptions, updateStaff, upsertAdmin, checkAdminCredentials } from './staff-service';
export type { StaffRecord } from './staff-record';
export { passwordProblem } from './password';
