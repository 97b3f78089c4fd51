/**
 * Fetches the merged message catalogue /locales/<locale>.json at run time (not bundled, so a locale
 * costs nothing until chosen). A failed fetch or a bad file falls back to zh-CN (spec §8). A fetch that
 * fails on the way (network, 5xx) is tried again twice after a short wait first: one dropped request must
 * not switch the user's language. If even zh-CN cannot be fetched, the zh-CN messages shipped with the
 * app (a chunk loaded only then: configureBundledMessages) show; if that chunk cannot load either, the
 * built-in handful of texts keeps the app usable.
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
type Messages = Record<string, string>;

/** The catalogue's URL; the entry fetches the same one early (src/app/early-requests.ts). */
export const catalogueUrl = (locale: string): string => `/locales/${locale}.json`;

/** The waits before the second and the third try of one catalogue: a blip passes, an outage costs ~1 s. */
export const RETRY_DELAYS_MS = [250, 750] as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A failure another try cannot mend: the file is missing or refused (4xx), or it is no message object. */
class LastingFailure extends Error {}

let bundled: (() => Promise<Messages>) | null = null;

/**
 * The composition root hands over how to load the default locale's messages shipped with the app
 * (src/app/bundled-messages.ts). A lazy chunk, so a visit that fetches its catalogue pays nothing for it.
 */
export function configureBundledMessages(load: (() => Promise<Messages>) | null): void {
  bundled = load;
}

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

async function fetchOnce(locale: string, fetchImpl: Fetch): Promise<Messages> {
  const res = await readCatalogue(locale, fetchImpl);
  if (!res.ok) {
    const transient = res.status >= 500 || res.status === 408 || res.status === 429;
    throw new (transient ? Error : LastingFailure)(`/locales/${locale}.json: HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch (e) {
    throw new LastingFailure(`/locales/${locale}.json is not JSON: ${String(e)}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new LastingFailure(`/locales/${locale}.json is not an object of messages`);
  return body as Messages;
}

async function fetchCatalogue(locale: string, fetchImpl: Fetch, wait: (ms: number) => Promise<void>): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce(locale, fetchImpl);
    } catch (e) {
      if (e instanceof LastingFailure || attempt >= RETRY_DELAYS_MS.length) throw e;
      console.warn(`messages for ${locale} failed to load, trying again:`, e);
      await wait(RETRY_DELAYS_MS[attempt]);
    }
  }
}

export async function loadMessages(
  locale: string,
  fetchImpl: Fetch = (u, i) => fetch(u, i),
  wait: (ms: number) => Promise<void> = sleep,
): Promise<LoadedMessages> {
  try {
    return { locale, messages: await fetchCatalogue(locale, fetchImpl, wait) };
  } catch (e) {
    console.warn(`messages for ${locale} failed to load, falling back to ${DEFAULT_LOCALE}:`, e);
  }
  if (locale !== DEFAULT_LOCALE) {
    try {
      return { locale: DEFAULT_LOCALE, messages: await fetchCatalogue(DEFAULT_LOCALE, fetchImpl, wait) };
    } catch (e) {
      console.warn(`messages for ${DEFAULT_LOCALE} failed to load too:`, e);
    }
  }
  if (bundled) {
    try {
      return { locale: DEFAULT_LOCALE, messages: await bundled() };
    } catch (e) {
      console.warn(`the ${DEFAULT_LOCALE} messages shipped with the app failed to load too:`, e);
    }
  }
  return { locale: DEFAULT_LOCALE, messages: { ...BUILTIN_ZH } };
}
