/**
 * Runs `fn` once the browser has painted what is on screen now: in the task after the next frame.
 * A hidden document paints nothing (no frames come), so there it runs in the next task.
 *
 * @example
 * afterPaint(() => history.pushState(null, '', url)); // the URL after the click's rows are drawn
 */
export function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(fn);
  else requestAnimationFrame(() => setTimeout(fn));
}

/** afterPaint as a promise: settles once the browser has painted what is on screen now. */
export function painted(): Promise<void> {
  return new Promise((resolve) => afterPaint(resolve));
}
