/**
 * Device cookies (OWASP authentication cheat sheet): a browser that has signed in to an account keeps
 * a cookie proving it, signed with HMAC-SHA256 under a key kept in the database (server_secrets, made
 * at first start and shared by every instance). Its wrong passwords are then counted against that
 * device alone, so a password spray against the account from elsewhere never locks its holder out.
 *
 * One cookie per account (a shared computer may hold several); its name is a keyed hash of the
 * account, so it does not show which accounts a browser uses. HttpOnly, SameSite=Strict, sent only
 * to the sign-in route, Secure when the request came over TLS.
 *
 * @example
 * const device = await readDeviceCookie(db, req, 'admin'); // the cookie's nonce, or null
 * await setDeviceCookie(db, req, reply, 'admin', device);  // after a successful sign-in
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../core/contract';

/** How long a device stays known without signing in again. */
export const DEVICE_COOKIE_DAYS = 180;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The HMAC key, created once per database (first instance wins; every instance reads the same). */
function deviceKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        'device-cookie',
        randomBytes(32).toString('base64url'),
      ]);
      const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', ['device-cookie']);
      return Buffer.from(rows[0].value, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

/** Usernames compare case-insensitively for throttling (rate-limit.ts), so for devices too. */
const norm = (username: string) => username.trim().toLowerCase();

function cookieName(key: Buffer, username: string): string {
  return 'misi_dev_' + mac(key, 'name', norm(username)).slice(0, 16).replace(/[-_]/g, 'x');
}

function cookies(req: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  const raw = req.headers.cookie;
  if (!raw) return out;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** The nonce of a valid device cookie for this account, or null (none, forged, or another account's). */
export async function readDeviceCookie(db: Db, req: FastifyRequest, username: string): Promise<string | null> {
  const key = await deviceKey(db);
  const value = cookies(req).get(cookieName(key, username));
  const m = value?.match(/^([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})$/);
  if (!m) return null;
  const expected = Buffer.from(mac(key, 'device', norm(username), m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : null;
}

/** Gives (or renews) this browser the account's device cookie; keeps the nonce it already had. */
export async function setDeviceCookie(db: Db, req: FastifyRequest, reply: FastifyReply, username: string, nonce: string | null): Promise<void> {
  const key = await deviceKey(db);
  const n = nonce ?? randomBytes(24).toString('base64url');
  const path = (req.routeOptions.url ?? req.url.split('?')[0]) || '/';
  const attrs = [`Path=${path}`, `Max-Age=${DEVICE_COOKIE_DAYS * 86400}`, 'HttpOnly', 'SameSite=Strict'];
  if (req.protocol === 'https') attrs.push('Secure');
  reply.header('set-cookie', `${cookieName(key, username)}=${n}.${mac(key, 'device', norm(username), n)}; ${attrs.join('; ')}`);
}
