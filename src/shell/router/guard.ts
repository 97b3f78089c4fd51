/**
 * The navigation guard's decisions (spec §2, DESIGN §4) as one pure function, so every rule is a row
 * in a table test. The RouteGuard component applies the decision (navigate, load user info, render).
 * Beside the spec's rules, one of its own: a signed-in visitor of /index?redirect=<path> goes on to
 * <path>, so no sign-in ever lands on a page still holding a redirect it no longer needs.
 *
 * @example
 * decideNavigation({ pathname: '/merchant', search: '?status=1', signedIn: false, userLoaded: false,
 *   lastPath: null, screenPaths: ['/merchant'], rootRedirect: '/order', lastPathDefault: '/index' })
 * // → { kind: 'redirect', to: '/index?redirect=%2Fmerchant%3Fstatus%3D1', remember: false }
 */
import { isOpenPath, isRedirectPath } from './open-routes';

export interface GuardInput {
  pathname: string;
  /** "" or "?a=1" */
  search: string;
  signedIn: boolean;
  userLoaded: boolean;
  /** the server just refused the session (100000 / 401): a signed-out visitor goes to /login */
  sessionEnded?: boolean;
  lastPath: string | null;
  /** every screen path of the generated route tree (known, whatever the user's roles) */
  screenPaths: readonly string[];
  rootRedirect: string;
  lastPathDefault: string;
}

export type GuardDecision =
  /** render the route; remember = store pathname+search as the last visited path */
  | { kind: 'allow'; remember: boolean }
  | { kind: 'redirect'; to: string; remember: false }
  /** remember the path first, load user info and the dynamic routes, then go to the last visited path */
  | { kind: 'loadUser'; remember: true };

/** A redirect target must be a path on this site ("/x"), never "//evil.com" or "https://…". */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The home page: where a signed-out visitor of a screen waits, with that screen as `redirect`. */
const HOME = '/index';

/**
 * The local path a signed-out stop (/index?redirect=…) was holding for after the sign-in, if any. Never
 * /login: a signed-in /login goes on to the last visited path, which may be this very stop (a loop).
 */
function pendingRedirect(search: string): string | null {
  const to = safeLocalPath(new URLSearchParams(search).get('redirect'));
  return to && to.split(/[?#]/)[0] !== '/login' ? to : null;
}

export function decideNavigation(i: GuardInput): GuardDecision {
  const full = i.pathname + i.search;
  if (i.pathname === '/') return { kind: 'redirect', to: i.rootRedirect, remember: false };
  if (!i.signedIn) {
    if (isOpenPath(i.pathname, i.screenPaths)) return { kind: 'allow', remember: i.pathname !== '/login' };
    if (i.sessionEnded) return { kind: 'redirect', to: '/login', remember: false };
    return { kind: 'redirect', to: `${HOME}?redirect=${encodeURIComponent(full)}`, remember: false };
  }
  if (i.pathname === '/login') {
    // URLSearchParams.get decodes the value once: that is the "decoded redirect query value".
    const redirect = safeLocalPath(new URLSearchParams(i.search).get('redirect'));
    return { kind: 'redirect', to: redirect ?? safeLocalPath(i.lastPath) ?? i.lastPathDefault, remember: false };
  }
  // /index?redirect=… is the signed-out stop on the way to a screen, and it is remembered like any other
  // route: a sign-out passes through it (the page left is no longer open), so the last visited path, where
  // the next sign-in lands, is often this very URL. Signed in, its redirect has nothing left to wait for.
  if (i.pathname === HOME) {
    const redirect = pendingRedirect(i.search);
    if (redirect) return { kind: 'redirect', to: redirect, remember: false };
  }
  if (!i.userLoaded && (!isOpenPath(i.pathname, i.screenPaths) || isRedirectPath(i.pathname))) return { kind: 'loadUser', remember: true };
  return { kind: 'allow', remember: true };
}
