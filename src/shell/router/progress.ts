/**
 * The navigation progress bar (nprogress), coloured with the app's primary colour, and the
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

export function startProgress(): void {
  NProgress.start();
}

let scrollTimer: ReturnType<typeof setTimeout> | undefined;

/** Finishes the progress bar and scrolls the page root element to the top after the configured delay. */
export function finishNavigation(delay = appConfig.session.scrollTopDelay): void {
  NProgress.done();
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTo({ top: 0, behavior: 'instant' }); // a smooth scroll would still be under way when the page settles
  }, delay);
}
