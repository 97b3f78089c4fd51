/**
 * Session state for React and non-React code alike: whether a token is stored, and the signed-in
 * user's info once loaded. A tiny external store (useSyncExternalStore), no library.
 *
 * @example
 * const { signedIn, user } = useSession();
 */
import { useSyncExternalStore } from 'react';
import type { RuntimeUser } from '../../engine/runtime';
import { getToken } from './token';

export interface SessionState {
  signedIn: boolean;
  user: RuntimeUser | null;
  /** idle: nothing tried; loading; ready: user set; failed: the last attempt failed (retried on next navigation) */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /**
   * true from the moment the server refused the session (100000, 401) until /login shows: the guard
   * then sends a signed-out visitor to /login (spec §8), not to /index?redirect=….
   */
  ended: boolean;
}

let state: SessionState = { signedIn: getToken() !== null, user: null, status: 'idle', ended: false };
const listeners = new Set<() => void>();

export function sessionState(): SessionState {
  // The token can be cleared by the request layer (100000) or another tab: keep signedIn in step.
  const signedIn = getToken() !== null;
  if (signedIn !== state.signedIn) state = signedIn ? { ...state, signedIn, ended: false } : { signedIn, user: null, status: 'idle', ended: state.ended };
  return state;
}

export function setSession(patch: Partial<SessionState>): void {
  state = { ...sessionState(), ...patch };
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, sessionState, sessionState);
}
