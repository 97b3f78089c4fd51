/**
 * Runs `fn` when the browser is idle (at the latest after `timeout` ms); returns its cancel. Work that
 * must not compete with a page's first render and requests: the live stream, background downloads.
 *
 * @example
 * useEffect(() => whenIdle(() => startLive(), 1000), []);
 */
export function whenIdle(fn: () => void, timeout: number): () => void {
  // both or neither (happy-dom has only the first)
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request.call(window, fn, { timeout });
    return () => cancel.call(window, handle);
  }
  const handle = window.setTimeout(fn, 200);
  return () => window.clearTimeout(handle);
}
