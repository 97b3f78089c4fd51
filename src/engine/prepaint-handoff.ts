/**
 * The hand-over from the prepaint (src/app/prepaint: a static copy of a list screen painted from the
 * schema and an early fetch while the app's code downloads) to the live screen. The prepaint registers
 * its `end` under a global (it is a separate bundle); the live list calls `endPrepaint()` once its first
 * page is on screen, and the shell when it shows anything else. Without a prepaint this does nothing.
 *
 * @example
 * useEffect(() => { if (!list.loading) endPrepaint(); }, [list.loading]);
 */
export const PREPAINT_KEY = '__consolePrepaint';

export interface PrepaintHandle {
  /** the path the prepaint drew */
  path: string;
  /** removes the static copy and shows the app (idempotent) */
  end: (reason?: string) => void;
  /** resolves once the copy is on screen or the prepaint gave up: the app's first render waits for it */
  settled: Promise<void>;
}

/**
 * Waits (at most `maxMs`) for a running prepaint to paint, so the app's first render — a long task —
 * does not hold the static copy's paint back. Resolves at once without a prepaint.
 */
export function prepaintSettled(maxMs = 1000): Promise<void> {
  const h = prepaintHandle();
  if (!h) return Promise.resolve();
  return Promise.race([h.settled, new Promise<void>((r) => setTimeout(r, maxMs))]);
}

export function prepaintHandle(): PrepaintHandle | undefined {
  return (globalThis as unknown as Record<string, PrepaintHandle | undefined>)[PREPAINT_KEY];
}

export function registerPrepaint(handle: PrepaintHandle): void {
  (globalThis as unknown as Record<string, PrepaintHandle | undefined>)[PREPAINT_KEY] = handle;
}

export function endPrepaint(reason = 'ready'): void {
  prepaintHandle()?.end(reason);
}
