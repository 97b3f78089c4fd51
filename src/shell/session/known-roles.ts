/**
 * The signed-in user's roles as last read from the user info, kept between page loads so the early
 * requests (src/app/early-requests.ts), sent before the user info is in, leave out a screen the user
 * may not open: its calls would only be refused (a 403 each, and a console error). A hint, never a
 * permission: the server decides every call, and without a hint (a first load) the calls go out.
 *
 * @example
 * rememberRoles(['dispatcher']); mayOpenByHint(['admin']) // false
 */
import { allowsRoles } from '../../schema/derive';
import { readStorage, removeStorage, writeStorage } from '../storage';

const KEY = 'rolesHint';

export function rememberRoles(roles: readonly string[]): void {
  writeStorage(KEY, roles.join(','));
}

export function forgetRoles(): void {
  removeStorage(KEY);
}

/** False only when the remembered roles are known and do not allow `roles`. */
export function mayOpenByHint(roles: readonly string[] | undefined): boolean {
  const hint = readStorage(KEY);
  return hint === null || allowsRoles(roles, hint ? hint.split(',') : []);
}
