/**
 * src/generated/option-access.ts: who may read each option source — the GET binding behind a ref
 * field's `ref.api` or a dictionary's `api` — so a screen leaves out a search filter whose options
 * the user's roles cannot read (its dropdown would stay empty behind a 403).
 *
 * @example
 * genOptionAccess(set) // "…export const optionReaders … = { '/merchant/list': ['admin', 'finance'], … };"
 */
import { normalizePath } from '../schema/derive';
import type { SchemaSet } from './model';
import { HEADER, cmp, tsString } from './text';

/** Option source path (normalised) → the roles of its GET binding; sources open to everyone are left out. */
export function optionReaders(set: SchemaSet): Record<string, string[]> {
  const sources = new Set<string>(Object.values(set.app.dicts ?? {}).map((d) => normalizePath(d.api)));
  for (const { resource } of set.resources) {
    for (const f of Object.values(resource.fields ?? {})) if (f.ref?.api) sources.add(normalizePath(f.ref.api));
    for (const b of Object.values(resource.api ?? {})) {
      for (const f of Object.values(b.input?.extra ?? {})) if (f.ref?.api) sources.add(normalizePath(f.ref.api));
    }
  }
  const out: Record<string, string[]> = {};
  for (const { resource } of set.resources) {
    for (const b of Object.values(resource.api ?? {})) {
      const path = normalizePath(b.path);
      if (b.method === 'GET' && sources.has(path) && b.roles?.length) out[path] = [...b.roles];
    }
  }
  return out;
}

export function genOptionAccess(set: SchemaSet): string {
  const readers = optionReaders(set);
  const lines = Object.keys(readers)
    .sort(cmp)
    .map((p) => `  ${tsString(p)}: [${readers[p].map(tsString).join(', ')}],`);
  return [
    HEADER,
    '',
    '/**',
    " * The roles that may read each option source (the GET binding of a ref field's `ref.api` or a",
    " * dictionary's `api`), by normalised path. A path not listed is open to every signed-in user.",
    ' */',
    `export const optionReaders: Readonly<Record<string, readonly string[]>> = {${lines.length ? '\n' + lines.join('\n') + '\n' : ''}};`,
    '',
  ].join('\n');
}
