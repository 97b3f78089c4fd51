/**
 * The profile module: the personal centre (schemas/profile.json). Every handler acts on the caller's
 * own account, taken from the session, never from the request.
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { ProfileBindings, ProfileResults } from '../../../src/generated/types';
import { coreState } from '../../core/state';
import { changePassword, editProfile, getProfile, mySessions, signOutSession } from './profile-service';

export const profileModule: ServerModule = {
  resource: 'profile',
  handlers: {
    info: async ({ db, user }) => getProfile(db, user!),
    edit: async ({ db, user, input, req, locale }) => editProfile(db, user!, input, (k, v) => coreState(req).i18n.t(locale, k, v)),
    password: async ({ db, user, input, req, locale }) => changePassword(db, user!, input, (k, v) => coreState(req).i18n.t(locale, k, v)),
    sessions: async ({ db, user, req }) => mySessions(db, user!, coreState(req).session.idleMinutes),
    signOut: async ({ db, user, input }) => signOutSession(db, user!, input.id),
  } satisfies ModuleHandlers<ProfileBindings, ProfileResults<bigint | string>>,
};
