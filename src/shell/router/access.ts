/**
 * Which screens a user may open (spec §6): a route with roles only for a user holding one of them,
 * a route without roles for any signed-in user.
 *
 * @example
 * screensForRoles(screens, ['finance']).map((s) => s.path) // ['/order', '/merchant', …]
 * accessOf(screens, ['finance'], '/staff')                   // 'forbidden' | 'allowed' | 'unknown'
 */
import type { ScreenRoute } from '../../schema';
import { allowsRoles } from '../../schema/derive';
import { ownerPath } from './open-routes';

export function screensForRoles(screens: readonly ScreenRoute[], roles: readonly string[]): ScreenRoute[] {
  return screens.filter((s) => allowsRoles(s.roles, roles)).sort((a, b) => a.menuOrder - b.menuOrder);
}

/** Screens shown in the menu: allowed and not hidden. */
export function menuScreens(screens: readonly ScreenRoute[], roles: readonly string[]): ScreenRoute[] {
  return screensForRoles(screens, roles).filter((s) => !s.hidden);
}

export function accessOf(screens: readonly ScreenRoute[], roles: readonly string[], pathname: string): 'allowed' | 'forbidden' | 'unknown' {
  const owner = ownerPath(
    pathname,
    screens.map((s) => s.path),
  );
  if (!owner) return 'unknown';
  const screen = screens.find((s) => s.path === owner)!;
  return allowsRoles(screen.roles, roles) ? 'allowed' : 'forbidden';
}
