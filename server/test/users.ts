/**
 * Inserts a staff account directly (tests that must not depend on the demo seed).
 *
 * @example
 * const id = await insertUser(t, { username: 'fin1', password: 'secret123', roles: ['finance'] });
 * const token = await t.login('fin1', 'secret123');
 */
import { hashPassword } from '../modules/auth/password';
import type { TestApp } from './helper';

export async function insertUser(
  t: Pick<TestApp, 'db' | 'nextId'>,
  u: { username: string; password?: string; nickname?: string; roles?: string[]; enabled?: boolean; phone?: string },
): Promise<bigint> {
  const id = t.nextId();
  await t.db.query('INSERT INTO users (id, username, nickname, phone, password_hash, roles, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    u.username,
    u.nickname ?? u.username,
    u.phone ?? null,
    await hashPassword(u.password ?? 'password123'),
    u.roles ?? [],
    u.enabled ?? true,
  ]);
  return id;
}
