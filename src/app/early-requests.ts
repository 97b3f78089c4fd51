/**
 * Early requests: on a list route with a stored session, the entry sends at once the GETs the app
 * will send first — the messages, the user info, the list for the URL's state, the tab counts and the
 * toolbar switches' values (the engine's `firstListCalls`) — while the app's
 * code downloads. The app's first identical calls take those answers (src/shell/request/prefetch.ts:
 * same URL, token and locale, once, while fresh), so nothing is asked twice and the list is in when
 * the table first renders. Nothing is drawn here: the page the user sees is the live one.
 *
 * @example
 * const listRoute = await sendEarlyRequests(); // from src/app/main.tsx, before the app's chunks
 */
import type { Resource } from '../schema';
import { screens } from '../generated/routes';
import authSchema from '../../schemas/auth.json';
import { appConfig } from '../shell/config';
import { getToken } from '../shell/session/token';
import { storedLocale } from '../shell/i18n/locale';
import { catalogueUrl } from '../shell/i18n/load-messages';
import { prefetch } from '../shell/request/prefetch';
import { getUrl } from '../shell/request/query-string';
import { firstListCalls } from '../engine/list-first-calls';
import { mayOpenByHint } from '../shell/session/known-roles';

/** The list screen this path shows, if any. */
export function listScreenAt(path: string) {
  return screens.find((s) => s.kind === 'resource' && s.path === path);
}

/**
 * Sends the early requests; resolves once they are out (not answered) with whether this is a list
 * route opened with a session. Never rejects: the app makes any call that did not go out itself.
 */
export async function sendEarlyRequests(): Promise<boolean> {
  const screen = listScreenAt(location.pathname);
  const token = getToken();
  if (!screen || !token) return false;
  const locale = storedLocale();
  const headers = { 'x-locale': locale, [appConfig.request.tokenHeader]: token };
  const get = (p: string, input?: Record<string, unknown>) => void prefetch(getUrl(appConfig.request.prefix, p, input), headers).catch(() => undefined);

  // Sent before anything else is known: the messages and who the user is.
  void prefetch(catalogueUrl(locale), {}, { cache: 'no-cache' }).catch(() => undefined);
  get((authSchema.api as Record<string, { path: string }>).info.path);
  try {
    // the route's schema chunk, started from <head> by the build (vite.config.ts, app-preload)
    const resource = (await screen.load()) as Resource;
    // not for a screen the user's roles (as last known) do not allow: it shows 403, and the calls would be refused
    if (mayOpenByHint(screen.roles)) for (const { binding, input } of firstListCalls(resource, new URLSearchParams(location.search))) get(binding.path, input);
  } catch (e) {
    console.warn('early requests skipped:', e);
  }
  return true;
}
