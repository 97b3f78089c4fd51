/**
 * The navigation progress bar (nprogress, started after the navigation's first paint), coloured with the app's primary colour, and the
 * scroll-to-top of the page root element 300 ms (app.json session.scrollTopDelay) after a navigation.
 *
 * @example
 * startProgress(); …; finishNavigation();
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { appConfig } from '../config';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });
if (typeof document !== 'undefined') document.documentElement.style.setProperty('--shell-primary', appConfig.layout.colorPrimary);

/**
 * The bar starts after the navigation's first paint: NProgress lays the page out to start its animation
 * (a forced layout, ~20 ms in the profile of a menu click, in the middle of the new page's render). A
 * navigation that finishes before then still shows the bar and finishes it.
 */
let starting = false;
let finishPending = false;

export function startProgress(): void {
  finishPending = false; // a navigation begins: the bar is not finished before it is
  if (starting || NProgress.isStarted()) return;
  starting = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      starting = false;
      NProgress.start();
      if (finishPending) {
        finishPending = false;
        NProgress.done();
      }
    }),
  );
}

let scrollTimer: ReturnType<typeof setTimeout> | undefined;

/** Finishes the progress bar and scrolls the page root element to the top after the configured delay. */
export function finishNavigation(delay = appConfig.session.scrollTopDelay): void {
  if (starting) finishPending = true;
  else NProgress.done();
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTo({ top: 0, behavior: 'instant' }); // a smooth scroll would still be under way when the page settles
  }, delay);
}
