/**
 * Routes reachable without signing in (spec §2): /login, /401, /403, /404, /error, /common/redirect,
 * any path under /redirect, /index, and the catch-all (an unknown path shows "page not found").
 * A known screen path is never open: a signed-out visitor is sent to /index?redirect=….
 *
 * @example
 * isOpenPath('/login', ['/order'])  // true
 * isOpenPath('/order', ['/order'])  // false
 * isOpenPath('/nowhere', ['/order']) // true (catch-all → 404 page)
 */
export const OPEN_PATHS = ['/login', '/401', '/403', '/404', '/error', '/common/redirect', '/index'] as const;

export function isRedirectPath(pathname: string): boolean {
  return pathname === '/redirect' || pathname.startsWith('/redirect/') || pathname === '/common/redirect';
}

/** The screen path that owns `pathname` ("/order" owns "/order" and "/order/123"), if any. */
export function ownerPath(pathname: string, screenPaths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const p of screenPaths) {
    if ((pathname === p || pathname.startsWith(p + '/')) && (!best || p.length > best.length)) best = p;
  }
  return best;
}

export function isOpenPath(pathname: string, screenPaths: readonly string[]): boolean {
  if ((OPEN_PATHS as readonly string[]).includes(pathname) || isRedirectPath(pathname)) return true;
  if (pathname === '/') return false;
  return ownerPath(pathname, screenPaths) === undefined;
}
