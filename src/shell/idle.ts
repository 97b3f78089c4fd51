/**
 * Runs `fn` when the browser is idle (at the latest after `timeout` ms); returns its cancel. Work that
 * must not compete with a page's first render and requests: the live stream, background downloads.
 *
 * @example
 * useEffect(() => whenIdle(() => startLive(), 1000), []);
 */
export function whenIdle(fn: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(fn, 200);
  return () => window.clearTimeout(handle);
}
