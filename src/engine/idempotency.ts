/**
 * Idempotency keys: one per dialog opening, so a double click or a retry after a timeout is applied
 * once by the server, while a new opening is a new request.
 *
 * @example
 * const key = newIdempotencyKey(); // "5f0c…" (32 hex)
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
