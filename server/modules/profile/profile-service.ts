/**
 * The personal centre's rules: a user edits only their own name and avatar, changes their own
 * password (the current one required; every other session of theirs ends), and sees and ends their
 * own sessions. The password policy is the staff module's (one rule for every way a password is set).
 */
import { CODES } from '../../../src/schema/codes';
import { HttpError, type Db, type SessionUser } from '../../core/contract';
import { forgetCachedSessions, listUserSessions, revokeUserSession, revokeUserSessions } from '../../core/sessions';
import { hashPassword, verifyPassword } from '../auth';
import { passwordProblem } from '../staff';
import { deviceName } from './user-agent';
import type { ProfileEditInput, ProfileMe, ProfilePasswordInput, ProfileSession } from '../../../src/generated/types';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A refusal shown on one field of the form (data.errors) and as the message. */
function fieldError(t: Translate, field: string, key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, values, { errors: [{ field, message: t(key, values) }] });
}

export async function getProfile(db: Db, user: SessionUser): Promise<ProfileMe<bigint>> {
  const { rows } = await db.query<ProfileMe<bigint>>('SELECT id, username, nickname, avatar, roles FROM users WHERE id = $1', [user.id]);
  if (!rows[0]) throw new HttpError(200, CODES.SESSION_EXPIRED, 'server.sessionExpired');
  return rows[0];
}

export async function editProfile(db: Db, user: SessionUser, input: ProfileEditInput, t: Translate): Promise<ProfileMe<bigint>> {
  const sets: string[] = [];
  const params: unknown[] = [user.id];
  if (input.nickname !== undefined) {
    const nickname = String(input.nickname ?? '').trim();
    if (!nickname) throw fieldError(t, 'nickname', 'server.profile.nicknameBlank', { field: t('profile.nickname') });
    params.push(nickname);
    sets.push(`nickname = $${params.length}`);
  }
  if (input.avatar !== undefined) {
    const avatar = input.avatar || null;
    if (avatar) {
      const { rows } = await db.query('SELECT 1 AS ok FROM files WHERE key = $1', [avatar]);
      if (!rows[0]) throw fieldError(t, 'avatar', 'server.profile.avatarNotFound', { field: t('profile.avatar') });
    }
    params.push(avatar);
    sets.push(`avatar = $${params.length}`);
  }
  if (sets.length) {
    await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    // The session cache holds the nickname the header shows.
    forgetCachedSessions(db);
  }
  return getProfile(db, user);
}

export async function changePassword(db: Db, user: SessionUser, input: ProfilePasswordInput, t: Translate): Promise<null> {
  const { rows } = await db.query<{ password_hash: string; username: string }>('SELECT password_hash, username FROM users WHERE id = $1', [user.id]);
  const row = rows[0];
  if (!row) throw new HttpError(200, CODES.SESSION_EXPIRED, 'server.sessionExpired');
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw fieldError(t, 'currentPassword', 'server.profile.wrongPassword', { field: t('profile.currentPassword') });
  }
  const problem = passwordProblem(input.newPassword, row.username);
  if (problem) throw fieldError(t, 'newPassword', problem, { field: t('profile.newPassword') });
  if (input.newPassword === input.currentPassword) {
    throw fieldError(t, 'newPassword', 'server.profile.samePassword', { field: t('profile.newPassword') });
  }
  if (input.confirmPassword !== input.newPassword) {
    throw fieldError(t, 'confirmPassword', 'server.profile.confirmMismatch', { field: t('profile.confirmPassword') });
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, hash]);
    // Whoever else holds a session of this account is signed out; this browser stays signed in.
    await revokeUserSessions(tx, user.id, user.tokenHash);
  });
  return null;
}

export async function mySessions(db: Db, user: SessionUser, idleMinutes: number): Promise<ProfileSession[]> {
  const list = await listUserSessions(db, user.id, { idleMinutes, currentTokenHash: user.tokenHash });
  return list.map((s) => ({
    id: s.id,
    device: deviceName(s.userAgent),
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.current,
  }));
}

/** Ends one of the user's own sessions; another user's session, or an ended one, answers as not found. */
export async function signOutSession(db: Db, user: SessionUser, id: string): Promise<null> {
  if (!(await revokeUserSession(db, user.id, id))) throw new HttpError(404, CODES.NOT_FOUND, 'server.profile.sessionNotFound');
  return null;
}
