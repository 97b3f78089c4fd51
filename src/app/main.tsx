/**
 * Entry. A list route's first page is painted at once from the schema and early requests (prepaint/),
 * and only then is the app evaluated and rendered (boot.tsx): evaluating antd and React's first render
 * are long tasks that would hold the static copy back. The app's chunks download meanwhile (the
 * `app-preload` plugin in vite.config.ts lists them in index.html). Without a prepaint the app
 * starts at once.
 */
import { runPrepaint } from './prepaint';
import { builtinText } from '../shell/i18n/builtin';
import { endPrepaint, prepaintHandle, prepaintSettled } from '../engine/prepaint-handoff';

/**
 * Starts downloading chunks and styles listed in index.html by the build: the app, or the frame and
 * renderer a list route renders next (once the copy is up: earlier they slowed its own requests).
 */
function preload(part: 'app' | 'list'): void {
  const text = document.getElementById('app-preload')?.textContent;
  if (!text) return; // dev server: modules load on demand
  const files = JSON.parse(text) as { app: string[]; list: string[] };
  for (const href of files[part]) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

runPrepaint();
preload('app');
const prepainting = !!prepaintHandle();
await prepaintSettled();
if (prepainting) preload('list');
await import('./boot').catch((e: unknown) => {
  // no app: say so instead of a copy that cannot be used or a spinner that never stops
  endPrepaint('failed');
  const text = document.querySelector('#root .boot span');
  if (text) text.textContent = builtinText('shell.bootFailed');
  document.querySelector('#root .boot i')?.remove();
  throw e;
});
