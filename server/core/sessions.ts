/**
 * Sessions: a random token goes to the client once; the database keeps only its SHA-256.
 * A session ends when revoked (logout), idle for longer than the idle limit, or past its absolute
 * expiry. Every instance reads the same table, so any of them can serve any request; each remembers a
 * checked session for a few seconds (session-cache.ts), and every revoke here clears that at once.
 *
 * @example
 * const token = await createSession(db, user.id, { maxHours: 12, ip, userAgent });
 * const user = await findSession(db, token, { idleMinutes: 120 }); // null when expired or revoked
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, SessionUser } from './contract';
import { sessionGeneration, sessionsChanged, type SessionCache } from './session-cache';

export interface SessionSettings {
  idleMinutes: number;
  maxHours: number;
  /** how long this process reuses a checked session without asking the database; 0 = never */
  cacheSeconds: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: bigint, opts: { maxHours: number; ip?: string; userAgent?: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Dead sessions are pruned now and then by whoever signs in, so no instance needs a timer.
  if (Math.random() < 0.02) await db.query("DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'");
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
     VALUES ($1, $2, now(), now(), now() + make_interval(hours => $3::int), $4, $5)`,
    [hashToken(token), userId, opts.maxHours, opts.ip ?? null, (opts.userAgent ?? '').slice(0, 512) || null],
  );
  return token;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The signed-in user of a token, or null when the token is unknown, revoked, idle or expired. With a
 * cache, a session checked less than `cacheSeconds` ago (and not revoked in this process since) is
 * answered from memory.
 */
export async function findSession(db: Db, token: string, opts: { idleMinutes: number }, cache?: SessionCache): Promise<SessionUser | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return findSessionByHash(db, hashToken(token), opts, cache);
}

/** As `findSession`, for a session known by its stored hash (a live-update ticket carries it, never the token). */
export async function findSessionByHash(db: Db, tokenHash: string, opts: { idleMinutes: number }, cache?: SessionCache): Promise<SessionUser | null> {
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const since = sessionGeneration();
  const { rows } = await db.query<{
    id: bigint;
    username: string;
    nickname: string;
    roles: string[];
    store_id: bigint | null;
    merchant_id: bigint | null;
    touch: boolean;
    expires_at: Date;
  }>(
    `SELECT u.id, u.username, u.nickname, u.roles, u.store_id, u.merchant_id, s.last_seen_at < now() - interval '1 minute' AS touch, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2::int) AND u.enabled`,
    [tokenHash, opts.idleMinutes],
  );
  const row = rows[0];
  if (!row) return null;
  // Touch at most once a minute: a busy client would otherwise write on every request.
  if (row.touch) await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  // Frozen: one object may now serve several requests.
  const user: SessionUser = Object.freeze({
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    roles: Object.freeze(row.roles ?? []) as string[],
    storeId: row.store_id,
    merchantId: row.merchant_id,
    tokenHash,
  });
  cache?.set(tokenHash, user, since, new Date(row.expires_at));
  return user;
}

/**
 * Tells every session cache of this process that sessions or their users changed (revoked, disabled,
 * roles or name edited): now, and again when the caller's transaction commits.
 */
export function forgetCachedSessions(db: Db): void {
  sessionsChanged();
  db.afterCommit?.(sessionsChanged);
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  forgetCachedSessions(db);
}

/** Ends every session of a user (password change, account disabled), but `keep` when given (the caller's own). */
export async function revokeUserSessions(db: Db, userId: bigint, keep?: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2', [userId, keep ?? '']);
  forgetCachedSessions(db);
}

/** One live session of a user, as its owner may see it (never the token or its hash). */
export interface SessionInfo {
  /** a stable public handle of the session: not the token, not its stored hash */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

/** The public handle of a stored session (what `listUserSessions` shows and `revokeUserSession` takes). */
export function sessionHandle(tokenHash: string): string {
  return createHash('sha256')
    .update('session-handle:' + tokenHash)
    .digest('hex')
    .slice(0, 32);
}

/** A user's sessions that are still valid (not revoked, not expired, not idle), newest activity first. */
export async function listUserSessions(db: Db, userId: bigint, opts: { idleMinutes: number; currentTokenHash?: string }): Promise<SessionInfo[]> {
  const { rows } = await db.query<{ token_hash: string; created_at: Date; last_seen_at: Date; ip: string | null; user_agent: string | null }>(
    `SELECT token_hash, created_at, last_seen_at, ip, user_agent FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at > now() - make_interval(mins => $2::int)
      ORDER BY last_seen_at DESC, created_at DESC`,
    [userId, opts.idleMinutes],
  );
  return rows.map((r) => ({
    id: sessionHandle(r.token_hash),
    createdAt: new Date(r.created_at),
    lastSeenAt: new Date(r.last_seen_at),
    ip: r.ip,
    userAgent: r.user_agent,
    current: r.token_hash === opts.currentTokenHash,
  }));
}

/** Ends the session of `userId` whose handle is `handle`; false when the user has no such live session. */
export async function revokeUserSession(db: Db, userId: bigint, handle: string): Promise<boolean> {
  const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()', [
    userId,
  ]);
  const hit = rows.find((r) => sessionHandle(r.token_hash) === handle);
  if (!hit) return false;
  await revokeSession(db, hit.token_hash);
  return true;
}
