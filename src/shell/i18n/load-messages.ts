/**
 * Fetches the merged message catalogue /locales/<locale>.json at run time (not bundled, so a locale
 * costs nothing until chosen). A failed fetch or a bad file falls back to zh-CN (spec §8); if even
 * zh-CN cannot be fetched, the built-in handful of texts keeps the app usable.
 *
 * @example
 * const { locale, messages } = await loadMessages('en-US'); // locale "zh-CN" when en-US failed
 */
import { BUILTIN_ZH } from './builtin';
import { DEFAULT_LOCALE } from './locale';
import { takePrefetched } from '../request/prefetch';

export interface LoadedMessages {
  locale: string;
  messages: Record<string, string>;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The catalogue's URL; the entry fetches the same one early (src/app/early-requests.ts). */
export const catalogueUrl = (locale: string): string => `/locales/${locale}.json`;

async function readCatalogue(locale: string, fetchImpl: Fetch): Promise<{ ok: boolean; status: number; text: string }> {
  const early = takePrefetched(catalogueUrl(locale), {});
  if (early) {
    try {
      const r = await early;
      return { ok: r.status >= 200 && r.status < 300, status: r.status, text: r.text };
    } catch {
      /* the early fetch failed: ask again below */
    }
  }
  const res = await fetchImpl(catalogueUrl(locale), { cache: 'no-cache' });
  return { ok: res.ok, status: res.status, text: res.ok ? await res.text() : '' };
}

async function fetchCatalogue(locale: string, fetchImpl: Fetch): Promise<Record<string, string>> {
  const res = await readCatalogue(locale, fetchImpl);
  if (!res.ok) throw new Error(`/locales/${locale}.json: HTTP ${res.status}`);
  const body = JSON.parse(res.text) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`/locales/${locale}.json is not an object of messages`);
  return body as Record<string, string>;
}

export async function loadMessages(locale: string, fetchImpl: Fetch = (u, i) => fetch(u, i)): Promise<LoadedMessages> {
  try {
    return { locale, messages: await fetchCatalogue(locale, fetchImpl) };
  } catch (e) {
    console.warn(`messages for ${locale} failed to load, falling back to ${DEFAULT_LOCALE}:`, e);
  }
  if (locale !== DEFAULT_LOCALE) {
    try {
      return { locale: DEFAULT_LOCALE, messages: await fetchCatalogue(DEFAULT_LOCALE, fetchImpl) };
    } catch (e) {
      console.warn(`messages for ${DEFAULT_LOCALE} failed to load too:`, e);
    }
  }
  return { locale: DEFAULT_LOCALE, messages: { ...BUILTIN_ZH } };
}
