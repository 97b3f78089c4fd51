/**
 * Where a sign-in link of a page points: /login, carrying the page's own `redirect` query value (a local
 * path) when it has one. /index?redirect=… is where the guard sends a signed-out visitor of a screen;
 * every sign-in entry on it (the home page's button and the header's) must hand that path on to /login,
 * or the sign-in lands on the page that was left instead of the one asked for.
 *
 * @example
 * signInPath('?redirect=%2Fmerchant%3Fstatus%3Denabled') // "/login?redirect=%2Fmerchant%3Fstatus%3Denabled"
 * signInPath('') // "/login"
 */
import { safeLocalPath } from './guard';

export function signInPath(search: string): string {
  const redirect = safeLocalPath(new URLSearchParams(search).get('redirect'));
  return redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
}
