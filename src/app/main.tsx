/**
 * Entry. On a list route with a session it first sends the requests the app will make (early-requests.ts),
 * then downloads the app with what a list route renders next and antd's static stylesheet, and starts
 * the app (boot.tsx) once that stylesheet is in. index.html shows the loading overlay until then.
 */
import { sendEarlyRequests } from './early-requests';
import { installCspNonce } from '../shell/csp-nonce';
import { builtinText } from '../shell/i18n/builtin';
import { storedLocale } from '../shell/i18n/locale';
import { appConfig } from '../shell/config';

interface PreloadList {
  antdCss?: string;
  app: string[];
  list: string[];
  locales?: Record<string, string[]>;
}

/** The chunk lists the build wrote into index.html; none on the dev server (modules load on demand). */
function preloadList(): PreloadList | undefined {
  const text = document.getElementById('app-preload')?.textContent;
  return text ? (JSON.parse(text) as PreloadList) : undefined;
}

/** Starts downloading (and, for styles, applying) chunks and styles listed in index.html by the build. */
function preload(hrefs: readonly string[]): void {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Starts downloading antd's static stylesheet; it is applied once the early requests are out. */
function downloadAntdCss(href: string | undefined): void {
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * antd's static stylesheet (vite.config.ts, antdStaticCss), first in <head> where antd puts the styles
 * it generates, so the console's own CSS still overrides it. The app must not render before it is in:
 * antd reads, once, which styles the stylesheet holds and generates every other one itself. A failed
 * or stalled load only costs that: the app goes on after 5 s with styles generated as before.
 */
function applyAntdCss(href: string | undefined): Promise<void> {
  if (!href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
    setTimeout(resolve, 5000);
  });
  document.head.prepend(link);
  return loaded;
}

installCspNonce();
const files = preloadList();
// The list, counts, user and messages go out before the app's ~60 chunks take the connections; a schema
// chunk that does not come within a second does not hold the app back.
const early = sendEarlyRequests();
downloadAntdCss(files?.antdCss);
const listRoute = await Promise.race([early, new Promise<boolean>((r) => setTimeout(() => r(true), 1000))]);
// the app, with antd's and dayjs's texts for the stored locale (its first render waits for them)
preload([...(files?.app ?? []), ...(files?.locales?.[storedLocale()] ?? files?.locales?.[appConfig.i18n.defaultLocale] ?? [])]);
const antdCss = applyAntdCss(files?.antdCss);
// what a list route renders next: the frame, the renderer, the menu icons
if (listRoute) preload(files?.list ?? []);
await antdCss;
await import('./boot').catch((e: unknown) => {
  // no app: say so instead of a spinner that never stops
  const text = document.querySelector('#root .boot span');
  if (text) text.textContent = builtinText('shell.bootFailed');
  document.querySelector('#root .boot i')?.remove();
  throw e;
});
