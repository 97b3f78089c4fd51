/**
 * Server-side messages: loads locales/<locale>/*.json (flat keys) and renders a key in the
 * request's locale with {name} placeholders filled. Unknown keys fall back to the default locale,
 * then to the key itself, so a missing translation never breaks a response.
 *
 * @example
 * const i18n = loadI18n('locales', 'zh-CN');
 * i18n.t('en-US', 'server.validation.minLength', { field: 'Username', limit: 3 });
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface I18n {
  readonly locales: string[];
  readonly defaultLocale: string;
  /** The message `key` in `locale` with `values` put in; values that are message keys are rendered first. */
  t(locale: string, key: string, values?: Record<string, string | number>): string;
  has(locale: string, key: string): boolean;
  /** Picks the locale of a request: x-locale, else the best Accept-Language match, else the default. */
  pickLocale(xLocale: string | undefined, acceptLanguage: string | undefined): string;
}

/** "store.name", "enum.auditStatus.approved": letters/digits/_/- segments joined by dots, at least two. */
const KEY_SHAPE = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

export function loadI18n(dir: string, defaultLocale = 'zh-CN'): I18n {
  const messages = new Map<string, Record<string, string>>();
  if (existsSync(dir)) {
    for (const locale of readdirSync(dir)) {
      const ldir = join(dir, locale);
      if (!statSync(ldir).isDirectory()) continue;
      const merged: Record<string, string> = {};
      for (const file of readdirSync(ldir)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        let data: unknown;
        try {
          data = JSON.parse(readFileSync(join(ldir, file), 'utf8'));
        } catch (err) {
          throw new Error(`locale file ${join(ldir, file)} is not valid JSON: ${(err as Error).message}`);
        }
        Object.assign(merged, data);
      }
      messages.set(locale, merged);
    }
  }
  if (!messages.has(defaultLocale)) messages.set(defaultLocale, {});
  const locales = [...messages.keys()];
  const lookup = (locale: string, key: string) => messages.get(locale)?.[key] ?? messages.get(defaultLocale)?.[key];
  /**
   * Message values that are themselves message keys (a field title such as "store.name", a state such
   * as "enum.auditStatus.approved") rendered in `locale`; other values unchanged. Only dotted
   * key-shaped strings that exist in `locale` or the default locale count, so user text such as a
   * name or "admin" is never translated by accident.
   */
  const renderValues = (locale: string, values: Record<string, string | number>) => {
    const out: Record<string, string | number> = {};
    for (const [name, v] of Object.entries(values)) {
      const isKey = typeof v === 'string' && KEY_SHAPE.test(v) && lookup(locale, v) !== undefined;
      out[name] = isKey ? (lookup(locale, v as string) as string) : v;
    }
    return out;
  };
  return {
    locales,
    defaultLocale,
    has: (locale, key) => messages.get(locale)?.[key] !== undefined,
    t(locale, key, values = {}) {
      const text = lookup(locale, key) ?? key;
      const shown = renderValues(locale, values);
      return text.replace(/\{(\w+)\}/g, (m, name: string) => (shown[name] !== undefined ? String(shown[name]) : m));
    },
    pickLocale(xLocale, acceptLanguage) {
      const exact = (tag: string) => locales.find((l) => l.toLowerCase() === tag.toLowerCase());
      const byLang = (tag: string) => locales.find((l) => l.split('-')[0].toLowerCase() === tag.split('-')[0].toLowerCase());
      if (xLocale) {
        const hit = exact(xLocale.trim()) ?? byLang(xLocale.trim());
        if (hit) return hit;
      }
      if (acceptLanguage) {
        const tags = acceptLanguage
          .split(',')
          .map((part, i) => {
            const [tag, ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, i };
          })
          .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
          .sort((a, b) => b.q - a.q || a.i - b.i);
        for (const { tag } of tags) {
          const hit = exact(tag) ?? byLang(tag);
          if (hit) return hit;
        }
      }
      return defaultLocale;
    },
  };
}
