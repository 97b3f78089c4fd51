/**
 * Login throttling kept in the database (login_failures), so every instance behind a load balancer
 * counts the same failures. Nobody can lock an account's holder out:
 *
 * - a **known device** (a valid device cookie for the account, device-cookie.ts) is limited by its
 *   own failures only (10 in 15 min; past that its cookie stops counting and it is a stranger);
 * - an **unknown device** is limited per account + address (5), per account over every address (10:
 *   a spray from many addresses is stopped for strangers only) and, loosely, per address (100, so an
 *   attack on many accounts from one network stops without locking the others out).
 *
 * @example
 * await assertLoginAllowed(db, { username: 'admin', ip, device }); // throws HttpError 429 naming when to retry
 * await recordLoginFailure(db, nextId(), { username: 'admin', ip, device });
 */
import { CODES } from '../../../src/schema';
import { HttpError, type Db } from '../../core/contract';

export const WINDOW_MINUTES = 15;
export const MAX_PER_DEVICE = 10;
export const MAX_PER_ACCOUNT_ADDRESS = 5;
export const MAX_PER_ACCOUNT = 10;
export const MAX_PER_IP = 100;

export interface Attempt {
  username: string;
  ip: string;
  /** nonce of a valid device cookie for this account, or null */
  device: string | null;
}

/** Usernames compare case-insensitively for throttling, so "Admin" and "admin" share a counter. */
const norm = (username: string) => username.trim().toLowerCase();

const RECENT = `at > now() - make_interval(mins => $1::int)`;
/** How many failures match `where` in the window, and since when the last `limit` of them began. */
const bucket = (name: string, where: string, limit: number) => `
  (SELECT count(*) FROM login_failures WHERE ${where} AND ${RECENT}) AS ${name},
  (SELECT min(at) FROM (SELECT at FROM login_failures WHERE ${where} AND ${RECENT} ORDER BY at DESC LIMIT ${limit}) x) AS ${name}_first`;

type Counts = Record<'device' | 'pair' | 'account' | 'by_ip', bigint> & Record<'device_first' | 'pair_first' | 'account_first' | 'by_ip_first', Date | null>;

/**
 * Throws 429 when this attempt is over a limit. Returns the device still trusted (null when its own
 * failures used up its allowance), which is what the attempt's failure must be recorded under.
 */
export async function assertLoginAllowed(db: Db, attempt: Attempt, locale = 'zh-CN'): Promise<string | null> {
  const { rows } = await db.query<Counts>(
    `SELECT ${bucket('device', 'device = $4', MAX_PER_DEVICE)},
            ${bucket('pair', 'username = $2 AND ip = $3 AND device IS NULL', MAX_PER_ACCOUNT_ADDRESS)},
            ${bucket('account', 'username = $2 AND device IS NULL', MAX_PER_ACCOUNT)},
            ${bucket('by_ip', 'ip = $3 AND device IS NULL', MAX_PER_IP)}`,
    [WINDOW_MINUTES, norm(attempt.username), attempt.ip, attempt.device ?? ''],
  );
  const r = rows[0];
  if (attempt.device && Number(r.device) < MAX_PER_DEVICE) return attempt.device;
  if (Number(r.pair) >= MAX_PER_ACCOUNT_ADDRESS) throw limited('server.auth.tooManyAttempts', r.pair_first, locale);
  if (Number(r.account) >= MAX_PER_ACCOUNT) throw limited('server.auth.tooManyAttempts', r.account_first, locale);
  if (Number(r.by_ip) >= MAX_PER_IP) throw limited('server.auth.tooManyAttemptsIp', r.by_ip_first, locale);
  return null;
}

/** The request may retry once the oldest failure that still counts leaves the window. */
function limited(key: string, oldest: Date | null, locale: string): HttpError {
  const retryAt = new Date((oldest ? new Date(oldest).getTime() : Date.now()) + WINDOW_MINUTES * 60_000);
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  // Shown as a wall-clock time in the business's time zone (TZ, default China Standard Time).
  const time = retryAt.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: process.env.TZ || 'Asia/Shanghai' });
  return new HttpError(
    429,
    CODES.RATE_LIMITED,
    key,
    { minutes: Math.ceil(seconds / 60), time },
    { retryAfterSeconds: seconds, retryAt: retryAt.toISOString() },
  );
}

export async function recordLoginFailure(db: Db, id: bigint, attempt: Attempt): Promise<void> {
  await db.query('INSERT INTO login_failures (id, username, ip, device) VALUES ($1, $2, $3, $4)', [id, norm(attempt.username), attempt.ip, attempt.device]);
}

/**
 * A successful sign-in clears the failures it may have made itself — this device's, or this address's
 * as a stranger — never a spray's from elsewhere (that would give the sprayer a fresh allowance each
 * time the holder signs in), and prunes old rows.
 */
export async function clearLoginFailures(db: Db, attempt: Attempt): Promise<void> {
  await db.query(
    `DELETE FROM login_failures
      WHERE (username = $1 AND ((ip = $2 AND device IS NULL) OR device = $3)) OR at < now() - make_interval(mins => $4::int)`,
    [norm(attempt.username), attempt.ip, attempt.device ?? '', WINDOW_MINUTES * 4],
  );
}
