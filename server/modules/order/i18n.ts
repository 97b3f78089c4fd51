/**
 * Message lookup for texts the order module renders itself (status names inside error messages,
 * auto-assign reasons). Reads the locale SOURCES (locales/<locale>/*.json), merged,
 * once per process; an unknown key falls back to zh-CN, then to the key itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const cache = new Map<string, Record<string, string>>();

function load(locale: string): Record<string, string> {
  let messages = cache.get(locale);
  if (messages) return messages;
  messages = {};
  const dir = join(LOCALES_DIR, locale);
  try {
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      Object.assign(messages, JSON.parse(readFileSync(join(dir, f), 'utf8')));
    }
  } catch {
    // unknown locale folder: every lookup falls back to zh-CN
  }
  cache.set(locale, messages);
  return messages;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one locale ('zh-CN' or 'en-US'); {name} placeholders are filled from values. */
export function translator(locale: string): Translate {
  return (key, values) => {
    const text = load(locale)[key] ?? load('zh-CN')[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : text;
  };
}
