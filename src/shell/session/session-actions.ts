/**
 * Sign-in, user info and sign-out.
 *
 * @example
 * await signIn('admin', 'admin123');   // token stored
 * const user = await loadUser();       // GET /user/info; throws ApiError (status 401 → the guard shows /401)
 * await signOut();                     // POST /user/logout, token cleared
 */
import type { RuntimeUser } from '../../engine/runtime';
import { callApi } from '../request/client';
import { authBindings } from './auth-bindings';
import { sessionState, setSession } from './session-store';
import { clearToken, getToken, setToken } from './token';
import { forgetRoles, rememberRoles } from './known-roles';

export async function signIn(username: string, password: string): Promise<void> {
  const data = await callApi<{ token?: string }>(authBindings().login, { username, password });
  if (!data || typeof data.token !== 'string' || !data.token) throw new Error('The sign-in reply carries no token');
  setToken(data.token);
  setSession({ signedIn: true, user: null, status: 'idle', ended: false });
}

function toUser(data: unknown): RuntimeUser {
  const d = (data ?? {}) as Record<string, unknown>;
  if (!d.username || !Array.isArray(d.roles)) throw new Error('The user info reply lacks username or roles');
  return {
    id: String(d.id ?? ''),
    username: String(d.username),
    nickname: String(d.nickname ?? d.username),
    avatar: (d.avatar as string | null | undefined) ?? null,
    roles: (d.roles as unknown[]).map(String),
  };
}

let inflight: Promise<RuntimeUser> | null = null;

/** Loads the signed-in user's info once (concurrent callers share one request). */
export function loadUser(): Promise<RuntimeUser> {
  const s = sessionState();
  if (s.user) return Promise.resolve(s.user);
  if (inflight) return inflight;
  setSession({ status: 'loading' });
  const token = getToken();
  inflight = callApi(authBindings().info, undefined, { redirectOn401: false })
    .then((data) => {
      const user = toUser(data);
      // signed out (or in as someone else) meanwhile: do not install a stale user
      if (getToken() === token) {
        setSession({ user, status: 'ready' });
        rememberRoles(user.roles);
      }
      return user;
    })
    .catch((e: unknown) => {
      setSession({ status: 'failed' });
      throw e;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Ends the session on the server (best effort) and forgets the token. */
export async function signOut(): Promise<void> {
  try {
    if (getToken()) await callApi(authBindings().logout, undefined, { redirectOn401: false });
  } catch (e) {
    console.warn('logout call failed; the token is cleared anyway', e);
  }
  clearToken();
  forgetRoles();
  setSession({ signedIn: false, user: null, status: 'idle', ended: false });
}

/**
 * Drops the token and user. `ended`: the server refused the session, so the guard sends the visitor
 * to /login rather than to /index?redirect=… (the request layer calls this through its hooks).
 */
export function forgetSession(ended = false): void {
  clearToken();
  forgetRoles();
  setSession({ signedIn: false, user: null, status: 'idle', ended });
}
