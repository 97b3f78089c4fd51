/**
 * The navigation progress bar (progress-bar.ts; see startProgress for when it shows), coloured with the app's primary colour, and the
 * scroll-to-top of the page root element 300 ms (app.json session.scrollTopDelay) after a navigation.
 *
 * @example
 * startProgress(); …; finishNavigation();
 */
import { appConfig } from '../config';
import { afterPaint } from '../../engine/after-paint';
import { progressBar } from './progress-bar';

const bar = progressBar();
if (typeof document !== 'undefined') document.documentElement.style.setProperty('--shell-primary', appConfig.layout.colorPrimary);

/**
 * A navigation that waits for a download (a screen's code or schema) shows the bar from 200 ms on; one that
 * only renders (`loading` false), or finishes sooner, shows it complete once the new page has painted.
 * nprogress, which drew it before, laid the page out when it started (a forced layout: ~20-40 ms of a menu
 * click in the profiles, in the middle of the new page's render), so it never starts inside a navigation
 * that is only rendering; the bar of progress-bar.ts lays nothing out, and the rule stays.
 */
const SHOW_AFTER_MS = 200;
/** a navigation under way: its timer when it waits for a download, null when it only renders */
let pending: ReturnType<typeof setTimeout> | null | undefined;

export function startProgress(loading = true): void {
  if (pending !== undefined || bar.isStarted()) return;
  pending = loading
    ? setTimeout(() => {
        pending = undefined;
        bar.start();
      }, SHOW_AFTER_MS)
    : null;
}

/** The bar shown complete after the next paint, for a navigation that finished before it started. */
function flashDone(): void {
  afterPaint(() => {
    bar.start();
    bar.done();
  });
}

let scrollTimer: ReturnType<typeof setTimeout> | undefined;

/** Finishes the progress bar and scrolls the page root element to the top after the configured delay. */
export function finishNavigation(delay = appConfig.session.scrollTopDelay): void {
  if (pending !== undefined) {
    if (pending) clearTimeout(pending);
    pending = undefined;
    flashDone();
  } else bar.done();
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTo({ top: 0, behavior: 'instant' }); // a smooth scroll would still be under way when the page settles
  }, delay);
}
