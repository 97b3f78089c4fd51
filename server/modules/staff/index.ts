/**
 * The staff module: console users (schemas/staff.json). Handlers are thin: the rules live in
 * staff-service.ts. Role checks (only admin writes) are done by the core from the bindings' roles.
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { StaffBindings } from '../../../src/generated/types';
import { createStaff, getStaff, listStaff, resetStaffPassword, staffOptions, updateStaff } from './staff-service';
import { seedStaff } from './staff-seed';

export const staffModule: ServerModule = {
  resource: 'staff',
  handlers: {
    list: ({ db, input }) => listStaff(db, input),
    detail: ({ db, input }) => getStaff(db, input.id),
    add: ({ db, input, nextId }) => createStaff(db, nextId, input),
    edit: ({ db, input, user }) => updateStaff(db, { ...input, id: input.id }, { id: user!.id }),
    resetPassword: ({ db, input, user }) =>
      resetStaffPassword(db, { id: input.id, password: input.password }, { id: user!.id, tokenHash: user!.tokenHash }),
    dict: ({ db, input }) => staffOptions(db, input),
  } satisfies ModuleHandlers<StaffBindings>,
  seed: async (deps) => {
    await seedStaff(deps);
  },
};

export {
  createStaff, getStaff, listStaff, resetStaffPassword, staffOptions, updateStaff, upsertAdmin, checkAdminCredentials,
} from './staff-service';
export type { StaffRecord } from './staff-record';
export { passwordProblem } from './password';
