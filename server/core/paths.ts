/** Default locations of the project's folders, resolved from this file so any cwd works. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCHEMAS_DIR = join(ROOT_DIR, 'schemas');
export const LOCALES_DIR = join(ROOT_DIR, 'locales');
export const MIGRATIONS_DIR = join(ROOT_DIR, 'server', 'migrations');
export const DIST_DIR = join(ROOT_DIR, 'dist');
