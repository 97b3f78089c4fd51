/**
 * The session: token storage, user info, sign-in/out.
 *
 * @example
 * import { useSession, signIn, loadUser, signOut } from '../session';
 */
export { getToken, setToken, clearToken } from './token';
export { configureAuth, authBindings, type AuthBindings } from './auth-bindings';
export { useSession, sessionState, setSession, subscribeSession, type SessionState } from './session-store';
export { signIn, loadUser, signOut, forgetSession } from './session-actions';
