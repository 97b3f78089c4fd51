/**
 * Promises that React's `use` reads without suspending once they are settled. `use` suspends on a
 * promise it has not seen before, even one long fulfilled, and only learns its value from a callback
 * one microtask later: the component's tree is then rendered hidden and shown again, its effects
 * mounted twice. A promise marked here as React marks those it has seen (`status` and `value` on the
 * promise) is read in the render that first asks.
 *
 * @example
 * const schema = tracked(import('./staff.json'));   // use(schema) suspends only while it loads
 */
/**
 * Settles when `promise` does or after `ms`, whichever comes first; never rejects (a failed or slow
 * answer is the caller's own call to make again). What a navigation or a drawer waits for its first
 * answers with.
 *
 * @example
 * await within(Promise.all(answers), 250); // then render: with the answers if they came
 */
export function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]).then(() => clearTimeout(timer));
}

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** `promise`, marked with its outcome as soon as it settles (still rejecting for its own callers). */
export function tracked<T>(promise: Promise<T>): Promise<T> {
  const p = promise as Tracked<T>;
  if (p.status) return p;
  p.status = 'pending';
  // block bodies: a callback returning `p` (a thenable) would make the promise then() returns follow
  // it, and a rejection of `p` would surface again there, unhandled
  p.then(
    (value) => {
      Object.assign(p, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(p, { status: 'rejected', reason });
    },
  );
  return p;
}

/** How a promise went, as far as `tracked` (or React's `use`) has marked it; undefined when unmarked. */
export function statusOf(promise: Promise<unknown>): Tracked<unknown>['status'] {
  return (promise as Tracked<unknown>).status;
}

/** A promise already fulfilled with `value`, read by `use` at once. */
export function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}
