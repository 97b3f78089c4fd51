/**
 * Login throttling kept in the database (login_failures), so every instance behind a load balancer
 * counts the same failures. Per account it is tight (10 failures in 15 min) and per IP loose (100),
 * so an attack on one account never locks the others out.
 *
 * @example
 * await assertLoginAllowed(db, 'admin', ip); // throws HttpError 429 naming when to retry
 * await recordLoginFailure(db, nextId(), 'admin', ip);
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';

export const WINDOW_MINUTES = 15;
export const MAX_PER_ACCOUNT = 10;
export const MAX_PER_IP = 100;

/** Usernames compare case-insensitively for throttling, so "Admin" and "admin" share a counter. */
const norm = (username: string) => username.trim().toLowerCase();

export async function assertLoginAllowed(db: Db, username: string, ip: string, locale = 'zh-CN'): Promise<void> {
  const { rows } = await db.query<{ account: bigint; account_first: Date | null; by_ip: bigint; ip_first: Date | null }>(
    `SELECT
       (SELECT count(*) FROM login_failures WHERE username = $1 AND at > now() - make_interval(mins => $3::int)) AS account,
       (SELECT min(at) FROM (SELECT at FROM login_failures WHERE username = $1 AND at > now() - make_interval(mins => $3::int)
          ORDER BY at DESC LIMIT $4) a) AS account_first,
       (SELECT count(*) FROM login_failures WHERE ip = $2 AND at > now() - make_interval(mins => $3::int)) AS by_ip,
       (SELECT min(at) FROM (SELECT at FROM login_failures WHERE ip = $2 AND at > now() - make_interval(mins => $3::int)
          ORDER BY at DESC LIMIT $5) b) AS ip_first`,
    [norm(username), ip, WINDOW_MINUTES, MAX_PER_ACCOUNT, MAX_PER_IP],
  );
  const r = rows[0];
  if (Number(r.account) >= MAX_PER_ACCOUNT) throw limited('server.auth.tooManyAttempts', r.account_first, locale);
  if (Number(r.by_ip) >= MAX_PER_IP) throw limited('server.auth.tooManyAttemptsIp', r.ip_first, locale);
}

/** The request may retry once the oldest failure that still counts leaves the window. */
function limited(key: string, oldest: Date | null, locale: string): HttpError {
  const retryAt = new Date((oldest ? new Date(oldest).getTime() : Date.now()) + WINDOW_MINUTES * 60_000);
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  // Shown as a wall-clock time in the business's time zone (TZ, default China Standard Time).
  const time = retryAt.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: process.env.TZ || 'Asia/Shanghai' });
  return new HttpError(429, CODES.RATE_LIMITED, key, { minutes: Math.ceil(seconds / 60), time }, { retryAfterSeconds: seconds, retryAt: retryAt.toISOString() });
}

export async function recordLoginFailure(db: Db, id: bigint, username: string, ip: string): Promise<void> {
  await db.query('INSERT INTO login_failures (id, username, ip) VALUES ($1, $2, $3)', [id, norm(username), ip]);
}

/** A successful sign-in clears the account's counter (not the IP's) and prunes old rows. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.query(
    `DELETE FROM login_failures WHERE username = $1 OR at < now() - make_interval(mins => $2::int)`,
    [norm(username), WINDOW_MINUTES * 4],
  );
}
