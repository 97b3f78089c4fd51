/**
 * Sign-in, sign-out and the signed-in user's info (schemas/auth.json).
 * Wrong password and unknown user get the same answer and the same work (a dummy hash is verified for
 * an unknown user); a disabled account is told so only after its password checks out, so the message
 * never helps a guesser. Failed sign-ins are throttled per device / account / address (rate-limit.ts).
 */
import { CODES } from '../../../src/schema';
import { HttpError, type ModuleHandlers, type ServerModule } from '../../core/contract';
import type { AuthBindings, AuthResults } from '../../../src/generated/types';
import { coreState } from '../../core/state';
import { createSession, revokeSession } from '../../core/sessions';
import { dummyHash, verifyPassword } from './password';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './rate-limit';

/** a users row as the sign-in reads it (columns, not the wire record) */
interface UserRow {
  id: bigint;
  username: string;
  nickname: string;
  phone: string | null;
  avatar: string | null;
  roles: string[];
  store_id: bigint | null;
  merchant_id: bigint | null;
  password_hash: string;
  enabled: boolean;
}

export const authModule: ServerModule = {
  resource: 'auth',
  handlers: {
    async login({ db, input, req, reply, nextId, locale }) {
      const username = String(input.username).trim();
      const password = String(input.password);
      const ip = req.ip;
      // Same work for every attempt (cookie check, counts, a hash), so timing tells nothing either.
      let device = await readDeviceCookie(db, req, username);
      try {
        device = await assertLoginAllowed(db, { username, ip, device }, locale);
      } catch (err) {
        if (err instanceof HttpError && err.status === 429) reply.header('retry-after', String((err.data as { retryAfterSeconds: number }).retryAfterSeconds));
        throw err;
      }
      const { rows } = await db.query<UserRow>('SELECT id, password_hash, enabled FROM users WHERE username = $1', [username]);
      const user = rows[0];
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok) {
        await recordLoginFailure(db, nextId(), { username, ip, device });
        throw new HttpError(400, CODES.BAD_REQUEST, 'server.auth.badCredentials');
      }
      if (!user.enabled) throw new HttpError(403, CODES.FORBIDDEN, 'server.auth.disabled');
      await clearLoginFailures(db, { username, ip, device });
      await setDeviceCookie(db, req, reply, username, device);
      const token = await createSession(db, user.id, {
        maxHours: coreState(req).session.maxHours,
        ip,
        userAgent: req.headers['user-agent'],
      });
      await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [user.id]);
      return { token };
    },

    async logout({ db, user }) {
      await revokeSession(db, user!.tokenHash);
      return null;
    },

    async info({ db, user }) {
      const { rows } = await db.query<UserRow>('SELECT id, username, nickname, phone, avatar, roles, store_id, merchant_id FROM users WHERE id = $1', [
        user!.id,
      ]);
      const u = rows[0];
      if (!u) throw new HttpError(200, CODES.SESSION_EXPIRED, 'server.sessionExpired');
      return {
        id: u.id,
        username: u.username,
        nickname: u.nickname,
        avatar: u.avatar,
        roles: u.roles,
        phone: u.phone,
        // the data-scope binding (server/core/data-scope.ts): what this user's lists are limited to
        storeId: u.store_id,
        merchantId: u.merchant_id,
      };
    },
  } satisfies ModuleHandlers<AuthBindings, AuthResults<bigint | string>>,
};

export { hashPassword, verifyPassword } from './password';
