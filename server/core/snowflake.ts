/**
 * 64-bit ids: 41 bits of milliseconds since 2020-01-01 | 10-bit worker | 12-bit sequence.
 * Ids grow with time, need no database round trip, and stay unique across instances as long as
 * their worker ids differ (WORKER_ID, else a random one).
 *
 * @example
 * const nextId = createIdGenerator(7);
 * nextId(); // 1876543210987654321n
 */
export const SNOWFLAKE_EPOCH = Date.UTC(2020, 0, 1);

/** Every id generated after 2020-01-25 is above this, so lossy (double) clients show up at once. */
export const MIN_SNOWFLAKE = 2n ** 53n;

export function createIdGenerator(workerId: number = randomWorker(), now: () => number = Date.now): () => bigint {
  if (!Number.isInteger(workerId) || workerId < 0 || workerId > 1023) {
    throw new Error(`WORKER_ID must be an integer from 0 to 1023, got ${workerId}`);
  }
  let lastMs = -1;
  let seq = 0;
  return () => {
    let ms = now() - SNOWFLAKE_EPOCH;
    if (ms < lastMs) ms = lastMs; // clock stepped back: keep counting on the last millisecond
    if (ms === lastMs) {
      seq = (seq + 1) & 0xfff;
      if (seq === 0) ms = lastMs + 1; // 4096 ids in one ms: borrow the next millisecond
    } else {
      seq = 0;
    }
    lastMs = ms;
    return (BigInt(ms) << 22n) | (BigInt(workerId) << 12n) | BigInt(seq);
  };
}

function randomWorker(): number {
  return Math.floor(Math.random() * 1024);
}
