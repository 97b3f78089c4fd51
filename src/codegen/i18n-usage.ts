/**
 * Finds every i18n key a schema file uses, by walking the file alongside its meta-schema: a string
 * is a key exactly where the schema says I18nKey (no hand-kept list of properties).
 *
 * @example
 * i18nKeysIn(RESOURCE_META, staffJson) // [{ pointer: '/route/title', key: 'menu.staff' }, …]
 */
import { I18nKey } from '../schema/field';

type Json = Record<string, any>;

export interface KeyUse {
  pointer: string;
  key: string;
}

const KEY_PATTERN = I18nKey.pattern as string;

function isI18nKeySchema(s: Json): boolean {
  return s.type === 'string' && s.pattern === KEY_PATTERN;
}

export function i18nKeysIn(schema: Json, data: unknown): KeyUse[] {
  const out: KeyUse[] = [];
  walk(schema, data, '', out);
  return out;
}

function walk(s: Json, data: unknown, pointer: string, out: KeyUse[]): void {
  if (!s || typeof s !== 'object') return;
  if (isI18nKeySchema(s)) {
    if (typeof data === 'string') out.push({ pointer, key: data });
    return;
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.allOf ?? []), ...(s.oneOf ?? [])]) {
    if (fits(branch, data)) walk(branch, data, pointer, out);
  }
  if (Array.isArray(data)) {
    if (s.items && !Array.isArray(s.items)) data.forEach((item, i) => walk(s.items, item, `${pointer}/${i}`, out));
    return;
  }
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Json)) {
      const child = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const prop = s.properties?.[k];
      if (prop) {
        walk(prop, v, child, out);
        continue;
      }
      for (const [pattern, ps] of Object.entries((s.patternProperties ?? {}) as Record<string, Json>)) {
        if (new RegExp(pattern).test(k)) walk(ps, v, child, out);
      }
    }
  }
}

function fits(branch: Json, data: unknown): boolean {
  const t = branch.type;
  if (!t) return true;
  const kind = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  return t === kind || (kind === 'number' && (t === 'integer' || t === 'number'));
}
