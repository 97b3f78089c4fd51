/**
 * Every message key the server code can send: the `server.*` keys written in its source (HttpError
 * keys, validation messages) and the field-title keys passed as `{field}` values. Read from the
 * source text, so a key added anywhere under server/ is found without registering it. A key built
 * at run time (`server.validation.type.${type}`) is reported as its prefix.
 *
 * Used by the server test that checks both locales (server/core/message-keys.test.ts) and by the
 * schema CLI.
 *
 * @example
 * const { keys, prefixes } = serverMessageKeys();
 * keys.get('server.merchant.notFound') // ['server/modules/merchant/merchant-service.ts:22']
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT_DIR } from './paths';

export interface ServerMessageKeys {
  /** key → where it is written ("file:line") */
  keys: Map<string, string[]>;
  /** prefixes of keys built at run time → where */
  prefixes: Map<string, string[]>;
}

const SERVER_KEY = /['"`](server\.[A-Za-z][\w-]*(?:\.[\w-]+)*)['"`]/g;
const SERVER_PREFIX = /`(server\.[\w.-]*\.)\$\{/g;
/** a field title handed to the message as its {field} value: `field: 'store.name'`, badField(key, 'store.name') */
const FIELD_TITLE = /(?:\bfield:\s*|badField\(\s*'server\.[\w.-]+',\s*)'([A-Za-z][\w-]*(?:\.[\w-]+)+)'/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'test-fixtures') sourceFiles(p, out);
    } else if (/\.ts$/.test(name) && !/\.(test|testkit)\.ts$/.test(name)) out.push(p);
  }
  return out;
}

/** Scans server/ (tests excluded) under `root` (the repository). */
export function serverMessageKeys(root = ROOT_DIR): ServerMessageKeys {
  const keys = new Map<string, string[]>();
  const prefixes = new Map<string, string[]>();
  const note = (map: Map<string, string[]>, key: string, where: string) => map.set(key, [...(map.get(key) ?? []), where]);
  for (const file of sourceFiles(join(root, 'server'))) {
    const rel = relative(root, file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(\*|\/\/|\/\*)/.test(line)) return; // comments and examples send nothing
        const where = `${rel}:${i + 1}`;
        for (const m of line.matchAll(SERVER_KEY)) note(keys, m[1], where);
        for (const m of line.matchAll(SERVER_PREFIX)) note(prefixes, m[1], where);
        for (const m of line.matchAll(FIELD_TITLE)) note(keys, m[1], where);
      });
  }
  return { keys, prefixes };
}

/** Keys (or prefixes) missing from a locale's messages, with where the server writes them. */
export function missingServerKeys(messages: Record<string, string>, found = serverMessageKeys()): string[] {
  const out: string[] = [];
  for (const [key, where] of found.keys) if (messages[key] === undefined) out.push(`${key} (${where[0]})`);
  for (const [prefix, where] of found.prefixes) {
    if (!Object.keys(messages).some((k) => k.startsWith(prefix))) out.push(`${prefix}* (${where[0]})`);
  }
  return out.sort();
}
