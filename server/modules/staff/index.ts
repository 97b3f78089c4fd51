/**
 * The staff module: console users (schemas/staff.json). Handlers are thin: the rules live in
 * staff-service.ts. Role checks (only admin writes) are done by the core from the bindings' roles.
 */
import type { Handler, ServerModule } from '../../core/contract';
import { localizeError } from './staff-errors';
import { createStaff, getStaff, listStaff, resetStaffPassword, staffOptions, updateStaff } from './staff-service';
import { seedStaff } from './staff-seed';

/** Staff errors name their field by title key; render it in the request's locale. */
const localized = (h: Handler): Handler => async (ctx) => {
  try {
    return await h(ctx);
  } catch (err) {
    throw localizeError(err, ctx.locale);
  }
};

export const staffModule: ServerModule = {
  resource: 'staff',
  handlers: {
    list: localized(async ({ db, input }) => listStaff(db, input)),
    detail: localized(async ({ db, input }) => getStaff(db, input.id)),
    add: localized(async ({ db, input, nextId }) => createStaff(db, nextId, input)),
    edit: localized(async ({ db, input, user }) => updateStaff(db, { ...input, id: input.id }, { id: user!.id })),
    resetPassword: localized(async ({ db, input, user }) =>
      resetStaffPassword(db, { id: input.id, password: input.password }, { id: user!.id, tokenHash: user!.tokenHash })),
    dict: localized(async ({ db, input }) => staffOptions(db, input)),
  },
  seed: async (deps) => {
    await seedStaff(deps);
  },
};

export {
  createStaff, getStaff, listStaff, resetStaffPassword, staffOptions, updateStaff, upsertAdmin, checkAdminCredentials,
} from './staff-service';
export type { StaffRecord } from './staff-record';
export { passwordProblem } from './password';
