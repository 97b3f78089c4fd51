/**
 * Runs a money-moving handler at most once per Idempotency-Key: the first result is stored with the
 * key (scope, key) in the same transaction as the work, so a repeat or a concurrent duplicate gets
 * that result back instead of acting again. The same key with a different request is refused (409).
 *
 * @example
 * refund: (ctx) => withIdempotency(ctx, 'order.refund', async (tx) => refundOrder(tx, ctx.input)),
 */
import { createHash } from 'node:crypto';
import { CODES } from '../../src/schema';
import { HttpError, type Db, type HandlerContext } from './contract';
import { parseJsonNative, stringifyJson } from './json';

const KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Canonical JSON (sorted keys) so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return stringifyJson(value ?? null);
}

export async function withIdempotency<T>(
  ctx: Pick<HandlerContext, 'db' | 'user' | 'input' | 'idempotencyKey'>,
  scope: string,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  const key = ctx.idempotencyKey;
  if (!key) throw new HttpError(400, CODES.BAD_REQUEST, 'server.idempotency.required');
  if (!KEY_SHAPE.test(key)) throw new HttpError(400, CODES.BAD_REQUEST, 'server.idempotency.invalid');
  const userId = ctx.user?.id ?? null;
  const requestHash = createHash('sha256').update(canonical(ctx.input)).digest('hex');
  return ctx.db.transaction(async (tx) => {
    // Keys only guard retries of the same action; a week later they are dead weight. Pruned now and
    // then by whoever passes, so no instance needs a timer.
    if (Math.random() < 0.01) await tx.query("DELETE FROM idempotency_keys WHERE created_at < now() - interval '7 days'");
    // On PostgreSQL a concurrent duplicate blocks here until the first commits, then sees its row.
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (key, scope, user_id, request_hash, status)
       VALUES ($1, $2, $3, $4, 0) ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
      [key, scope, userId, requestHash],
    );
    if (claimed.rows.length === 0) {
      const { rows } = await tx.query<{ user_id: bigint | null; request_hash: string; response: string | null }>(
        "SELECT user_id, request_hash, response #>> '{}' AS response FROM idempotency_keys WHERE scope = $1 AND key = $2",
        [scope, key],
      );
      const prior = rows[0];
      if (!prior || prior.request_hash !== requestHash || String(prior.user_id) !== String(userId)) {
        throw new HttpError(409, CODES.CONFLICT, 'server.idempotency.mismatch');
      }
      return (prior.response === null ? null : parseJsonNative(prior.response)) as T;
    }
    const result = await fn(tx);
    // Stored as one JSON string holding the serialised result: jsonb would reorder keys and lose
    // nothing else, but a repeat should be byte-for-byte the first answer.
    await tx.query('UPDATE idempotency_keys SET status = 200, response = to_jsonb($3::text) WHERE scope = $1 AND key = $2', [
      scope,
      key,
      result === undefined ? null : stringifyJson(result),
    ]);
    return result;
  });
}
