/**
 * The staff module: console users (schemas/staff.json). Handlers are thin: the rules live in
 * staff-service.ts. Role checks (only admin writes) are done by the core from the bindings' roles.
 *
 * Data scope (server/core/data-scope.ts): a user outside the caller's scope answers as one that does
 * not exist; a bound caller binds the users it adds or edits within its own store or merchant, so it
 * can never make an account that reaches more than its own.
 */
import type { HandlerContext, ModuleHandlers, ServerModule } from '../../core/contract';
import { requireInScope, scopeOf } from '../../core/data-scope';
import { scoped } from '../../core/resource';
import { badField } from '../../core/http-errors';
import type { StaffBindings, StaffResults } from '../../../src/generated/types';
import { createStaff, resetStaffPassword, staff, staffOptions, updateStaff, type BindingCheck } from './staff-service';
import { seedStaff } from './staff-seed';

// merchant-bound: the users of the merchant's stores (the "via" rule)
const rows = (ctx: HandlerContext) => scoped(scopeOf(ctx, 'staff'));

function bindingCheck(ctx: HandlerContext): BindingCheck | undefined {
  if (!scopeOf(ctx, 'staff')) return undefined;
  return async ({ storeId, merchantId }) => {
    if (!storeId && !merchantId) throw badField('server.staff.bindingRequired', 'staff.store');
    if (storeId) await requireInScope(ctx.db, scopeOf(ctx, 'store'), 'stores', storeId, () => badField('server.staff.storeNotFound', 'staff.store'));
    if (merchantId) {
      await requireInScope(ctx.db, scopeOf(ctx, 'merchant'), 'merchants', merchantId, () => badField('server.staff.merchantNotFound', 'staff.merchant'));
    }
  };
}

export const staffModule: ServerModule = {
  resource: 'staff',
  handlers: {
    list: (ctx) => staff.list(ctx.db, ctx.input, rows(ctx)),
    detail: (ctx) => staff.get(ctx.db, ctx.input.id, rows(ctx)),
    add: (ctx) => createStaff(ctx.db, ctx.nextId, ctx.input, bindingCheck(ctx)),
    edit: (ctx) => updateStaff(ctx.db, ctx.input, { id: ctx.user!.id }, rows(ctx), bindingCheck(ctx)),
    resetPassword: (ctx) => resetStaffPassword(ctx.db, ctx.input, { id: ctx.user!.id, tokenHash: ctx.user!.tokenHash }, rows(ctx)),
    dict: (ctx) => staffOptions(ctx.db, ctx.input, rows(ctx)),
  } satisfies ModuleHandlers<StaffBindings, StaffResults<bigint | string>>,
  seed: async (deps) => {
    await seedStaff(deps);
  },
};

export { createStaff, resetStaffPassword, staff, staffOptions, updateStaff, upsertAdmin, checkAdminCredentials, type StaffRecord } from './staff-service';
export { passwordProblem } from './password';
