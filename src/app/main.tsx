/**
 * Entry. A list route's first page is painted at once from the schema and early requests (prepaint/),
 * and only then is the app evaluated and rendered (boot.tsx): evaluating antd and React's first render
 * are long tasks that would hold the static copy back. The app's chunks download right after the
 * copy is painted (the `app-preload` plugin in vite.config.ts lists them in index.html, and starts the
 * route's schema chunk from <head>). Without a prepaint the app starts at once.
 */
import { runPrepaint } from './prepaint';
import { installCspNonce } from '../shell/csp-nonce';
import { builtinText } from '../shell/i18n/builtin';
import { storedLocale } from '../shell/i18n/locale';
import { appConfig } from '../shell/config';
import { endPrepaint, prepaintHandle, prepaintSettled } from '../engine/prepaint-handoff';

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

/**
 * antd's static stylesheet (vite.config.ts, antdStaticCss): downloaded with the app, applied after
 * the prepaint has painted (parsing its ~700 KB on arrival held the copy's paint back), first in
 * <head> where antd puts the styles it generates, so the console's own CSS still overrides it. The app
 * must not render before it is in: antd reads, once, which styles the stylesheet holds and generates
 * every other one itself. A failed or stalled load only costs that: the app goes on after 5 s with
 * styles generated as before.
 */
function downloadAntdCss(href: string | undefined): void {
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.href = href;
  document.head.appendChild(link);
}

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
runPrepaint();
downloadAntdCss(files?.antdCss);
const prepainting = !!prepaintHandle();
// The app's chunks are fetched once the copy is painted (at once without one): modulepreloads compile
// on arrival, on the main thread, and held the copy back by ~70 ms; the app cannot start earlier anyway.
await prepaintSettled();
// the app, with antd's and dayjs's texts for the stored locale (its first render waits for them)
preload([...(files?.app ?? []), ...(files?.locales?.[storedLocale()] ?? files?.locales?.[appConfig.i18n.defaultLocale] ?? [])]);
const antdCss = applyAntdCss(files?.antdCss);
// what a list route renders next: the frame, the renderer, the menu icons
if (prepainting) preload(files?.list ?? []);
await antdCss;
await import('./boot').catch((e: unknown) => {
  // no app: say so instead of a copy that cannot be used or a spinner that never stops
  endPrepaint('failed');
  const text = document.querySelector('#root .boot span');
  if (text) text.textContent = builtinText('shell.bootFailed');
  document.querySelector('#root .boot i')?.remove();
  throw e;
});
