/**
 * A FIFO async mutex. PGlite has a single connection, so a transaction must own it from BEGIN to
 * COMMIT; every other statement waits here instead of slipping into someone else's transaction.
 *
 * @example
 * const m = new Mutex();
 * await m.run(async () => { ... exclusive ... });
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    // The next waiter starts when this one settles, whether it failed or not.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
