/**
 * Locale checks: locale files are flat maps of key → text; each key is defined once per locale and
 * exists in every locale; every i18n key a schema uses exists in every locale.
 *
 * @example
 * checkLocales(localeFiles, ['zh-CN', 'en-US'], uses, out) // 'i18n key "staff.nick" is missing in en-US'
 */
import { I18nKey } from '../schema/field';
import { pointerOf, type Diagnostic } from './diagnostics';
import type { JsonFile } from './json-file';
import type { KeyUse } from './i18n-usage';
import { cmp } from './text';

export interface KeyUsesOfFile {
  file: JsonFile;
  uses: KeyUse[];
}

const KEY = new RegExp(I18nKey.pattern as string);

/**
 * @param files parsed locales/<locale>/<ns>.json files
 * @param locales the locale codes every key must exist in (app.json i18n.locales)
 * @returns the merged flat messages per locale
 */
export function checkLocales(files: JsonFile[], locales: string[], uses: KeyUsesOfFile[], out: Diagnostic[]): Record<string, Record<string, string>> {
  const merged: Record<string, Record<string, string>> = Object.fromEntries(locales.map((l) => [l, {}]));
  const where: Record<string, Map<string, JsonFile>> = Object.fromEntries(locales.map((l) => [l, new Map()]));
  for (const file of files) {
    const locale = file.path.split('/')[1];
    if (!locales.includes(locale)) {
      out.push(file.error('', `locale folder "${locale}" is not one of app.json i18n.locales (${locales.join(', ')})`));
      continue;
    }
    const data = file.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      out.push(file.error('', 'a locale file must be one flat object of key → text, such as { "staff.username": "Username" }'));
      continue;
    }
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      const p = pointerOf(key);
      if (typeof value !== 'string') {
        out.push(file.error(p, `value of "${key}" must be a string (locale files are flat: "staff.username": "Username")`));
        continue;
      }
      if (!KEY.test(key)) out.push(file.error(p, `"${key}" is not an i18n key (words joined by dots, such as "order.amount")`, 'key'));
      const prev = where[locale].get(key);
      if (prev) {
        out.push(file.error(p, `key "${key}" is already defined in ${prev.path}`, 'key'));
        continue;
      }
      where[locale].set(key, file);
      merged[locale][key] = value;
    }
  }
  // keys present in one locale but not another, reported where they are defined
  for (const locale of locales) {
    for (const [key, file] of [...where[locale]].sort((a, b) => cmp(a[0], b[0]))) {
      const missing = locales.filter((l) => !(key in merged[l]));
      if (missing.length) out.push(file.error(pointerOf(key), `key "${key}" is missing in ${missing.join(' and ')} (locales/${missing[0]}/*.json)`, 'key'));
    }
  }
  // keys used by schemas
  for (const { file, uses: list } of uses) {
    for (const u of list) {
      if (!KEY.test(u.key)) continue; // the meta-schema already reports a malformed key
      const missing = locales.filter((l) => !(u.key in merged[l]));
      if (missing.length) out.push(file.error(u.pointer, `i18n key "${u.key}" is missing in ${missing.join(' and ')} (locales/${missing[0]}/*.json)`));
    }
  }
  return merged;
}
