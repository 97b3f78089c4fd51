/**
 * The last visited path (pathname + search), kept under app.json session.lastPathKey for every route
 * except /login, so a signed-in visitor opening /login, or one whose user info just loaded, lands there.
 *
 * @example
 * rememberPath('/merchant?status=1'); lastPath() // "/merchant?status=1"
 */
import { appConfig } from '../config';
import { readStorage, writeStorage } from '../storage';

const KEY = appConfig.session.lastPathKey;

export function rememberPath(fullPath: string): void {
  if (fullPath.split('?')[0] === '/login') return;
  writeStorage(KEY, fullPath);
}

export function lastPath(): string | null {
  return readStorage(KEY);
}
