/**
 * Staff: console users (table users) on the resource layer (server/core/resource.ts), which reads,
 * filters, sorts, pages and writes them as schemas/staff.json says. Kept here are the rules of
 * accounts: the username and password policy (argon2id hash, never read back), case-insensitive
 * unique usernames, roles never empty, a binding to one store or one merchant that exists, the
 * administrator never locking themselves out, and sessions following every change.
 *
 * @example
 * const page = await staff.list(db, { roles: 'finance', current: 1, pageSize: 20 });
 * const rec = await createStaff(db, nextId, { username: 'zhoumin', nickname: '周敏', password: 'Zm123456', roles: ['finance'] });
 */
import type { Db } from '../../core/contract';
import { badField, conflict } from '../../core/http-errors';
import type { ReadOptions } from '../../core/resource';
import { defineResource } from '../../core/resource-write';
import { forgetCachedSessions, revokeUserSessions } from '../../core/sessions';
import { likePattern, toIso, Where } from '../../core/sql';
import type { StaffAddInput, StaffDictInput, StaffEditInput, StaffRecord as GeneratedStaffRecord } from '../../../src/generated/types';
import { hashPassword, passwordProblem, usernameProblem } from './password';

/** The record also names the bound store and merchant, and when it last changed. */
export type StaffRecord = GeneratedStaffRecord<bigint> & { storeName: string | null; merchantName: string | null; updatedAt: string | null };

export const staff = defineResource<StaffRecord>({
  name: 'staff',
  table: 'users',
  alias: 'u',
  joins: 'LEFT JOIN stores s ON s.id = u.store_id LEFT JOIN merchants m ON m.id = u.merchant_id',
  countJoins: '',
  selects: { storeName: 's.name', merchantName: 'm.name' },
  columns: { password: false }, // stored only as password_hash, by the rules below
  touch: 'updated_at',
  notFoundKey: 'server.staff.notFound',
  // fills in the fresh record the resource layer made for this row (no spread: V8's slow path)
  toRecord: (rec, row) => {
    rec.roles = rec.roles ?? [];
    rec.storeName = row.storeName ?? null;
    rec.merchantName = row.merchantName ?? null;
    rec.updatedAt = toIso(row.updated_at);
    return rec;
  },
});

/** Checks a binding the caller sets (a bound administrator binds users within its own store or merchant only). */
export type BindingCheck = (b: { storeId: string | null; merchantId: string | null }) => Promise<void>;

export interface Actor {
  id: bigint;
  /** the actor's current session, kept when they reset their own password */
  tokenHash?: string;
}

function cleanNickname(nickname: string | null | undefined): string {
  const v = (nickname ?? '').trim();
  if (!v) throw badField('server.staff.blank', 'staff.nickname');
  return v;
}

function cleanRoles<T extends string>(roles: T[] | null | undefined): T[] {
  const v = [...new Set((roles ?? []).filter(Boolean))];
  if (!v.length) throw badField('server.staff.blank', 'staff.roles');
  return v;
}

const idOrNull = (v: string | bigint | null | undefined) => (v === undefined || v === null || v === '' ? null : String(v));

const exists = async (db: Db, sql: string, v: string | null | undefined) => !v || (await db.query(sql, [v])).rows[0] !== undefined;

/** Store and merchant must exist, one at most, within what the caller may bind. */
async function checkBinding(db: Db, storeId: string | null, merchantId: string | null, check?: BindingCheck): Promise<void> {
  if (!(await exists(db, `SELECT 1 FROM stores WHERE id = $1`, storeId))) throw badField('server.staff.storeNotFound', 'staff.store');
  if (!(await exists(db, `SELECT 1 FROM merchants WHERE id = $1`, merchantId))) throw badField('server.staff.merchantNotFound', 'staff.merchant');
  if (storeId && merchantId) throw badField('server.staff.oneBinding', 'staff.merchant');
  await check?.({ storeId, merchantId });
}

/** An avatar must be a file uploaded through /file/upload. */
async function checkAvatar(db: Db, avatar: string | null | undefined): Promise<void> {
  if (!(await exists(db, `SELECT 1 FROM files WHERE key = $1`, avatar))) throw badField('server.staff.avatarNotFound', 'staff.avatar');
}

const usernameTaken = (value: string) => conflict('server.staff.usernameTaken', { field: 'staff.username', value });

export async function createStaff(db: Db, nextId: () => bigint, input: StaffAddInput, check?: BindingCheck): Promise<StaffRecord> {
  const username = (input.username ?? '').trim();
  const usernameErr = usernameProblem(username);
  if (usernameErr) throw badField(usernameErr, 'staff.username');
  const nickname = cleanNickname(input.nickname);
  const passwordErr = passwordProblem(input.password ?? '', username);
  if (passwordErr) throw badField(passwordErr, 'staff.password');
  const clean = { ...input, username, nickname, roles: cleanRoles(input.roles), storeId: idOrNull(input.storeId), merchantId: idOrNull(input.merchantId) };
  const password_hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if ((await tx.query(`SELECT 1 FROM users WHERE lower(username) = lower($1)`, [username])).rows[0]) throw usernameTaken(username);
      await checkBinding(tx, clean.storeId, clean.merchantId, check);
      await checkAvatar(tx, input.avatar);
      return staff.create(tx, clean, nextId, { password_hash });
    });
  } catch (err) {
    // Two admins adding the same username at once: the loser hits the unique index.
    if ((err as { code?: string }).code === '23505') throw usernameTaken(username);
    throw err;
  }
}

/**
 * Partial edit. Refuses (409, nothing changed) an actor removing their own admin role or disabling
 * themselves, so the console always keeps the administrator who is using it. Role, name and status
 * changes apply to the user's next request; disabling a user ends their sessions in the same transaction.
 */
export async function updateStaff(db: Db, input: StaffEditInput, actor: Actor, opts: ReadOptions = {}, check?: BindingCheck): Promise<StaffRecord> {
  return db.transaction(async (tx) => {
    const current = await staff.get(tx, input.id, { ...opts, forUpdate: true });
    const clean: StaffEditInput = { ...input };
    if (input.nickname !== undefined) clean.nickname = cleanNickname(input.nickname);
    if (input.roles !== undefined) clean.roles = cleanRoles(input.roles);
    const self = BigInt(input.id) === actor.id;
    if (self && current.roles?.includes('admin') && clean.roles && !clean.roles.includes('admin')) throw conflict('server.staff.selfDemote');
    if (self && input.enabled === false) throw conflict('server.staff.selfDisable');
    if (input.storeId !== undefined || input.merchantId !== undefined) {
      const storeId = idOrNull(input.storeId !== undefined ? input.storeId : current.storeId);
      const merchantId = idOrNull(input.merchantId !== undefined ? input.merchantId : current.merchantId);
      await checkBinding(tx, storeId, merchantId, check);
    }
    await checkAvatar(tx, input.avatar);
    const saved = await staff.update(tx, input.id, clean, opts);
    forgetCachedSessions(tx);
    if (input.enabled === false && current.enabled) await revokeUserSessions(tx, BigInt(input.id));
    return saved;
  });
}

/**
 * An administrator sets a new password for a user (who forgot theirs). The policy is the add form's;
 * every session of that user ends, except the caller's own when they reset their own password.
 */
export async function resetStaffPassword(db: Db, input: { id: string; password: string }, actor: Actor, opts: ReadOptions = {}): Promise<null> {
  const user = await staff.get(db, input.id, opts);
  const problem = passwordProblem(input.password, user.username ?? '');
  if (problem) throw badField(problem, 'staff.password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await staff.get(tx, input.id, { ...opts, forUpdate: true });
    await tx.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [input.id, passwordHash]);
    await revokeUserSessions(tx, BigInt(input.id), actor.tokenHash);
  });
  return null;
}

/** Options for pickers (GET /dict/user): enabled users only, at most 50, label "昵称（用户名）". */
export async function staffOptions(db: Db, q: StaffDictInput, opts: ReadOptions = {}) {
  const w = new Where().add('u.enabled');
  const keyword = q.keyword?.trim();
  if (keyword) {
    w.add((p) => {
      const k = p(likePattern(keyword));
      return `(u.username ILIKE ${k} OR u.nickname ILIKE ${k} OR u.phone LIKE ${k})`;
    });
  }
  if (q.storeId) w.add((p) => `u.store_id = ${p(q.storeId)}`);
  if (q.merchantId) w.add((p) => `u.store_id IN (SELECT id FROM stores WHERE merchant_id = ${p(q.merchantId)})`);
  opts.scope?.(w, 'u');
  const { rows } = await db.query<{ id: bigint; username: string; nickname: string; roles: string[]; store_id: bigint | null }>(
    `SELECT u.id, u.username, u.nickname, u.roles, u.store_id FROM users u ${w.sql} ORDER BY u.username LIMIT 50`,
    w.params,
  );
  return rows.map((r) => ({ value: r.id, label: `${r.nickname}（${r.username}）`, username: r.username, roles: r.roles ?? [], storeId: r.store_id }));
}

export interface AdminCredentials {
  username: string;
  password: string;
  nickname?: string;
}

/** Throws a 400 HttpError naming the field when the username or password breaks the policy. */
export function checkAdminCredentials(c: AdminCredentials): void {
  const u = usernameProblem(c.username);
  if (u) throw badField(u, 'staff.username');
  const p = passwordProblem(c.password, c.username);
  if (p) throw badField(p, 'staff.password');
  if (c.nickname !== undefined) cleanNickname(c.nickname);
}

/**
 * Creates an administrator, or resets an existing account's password, adds the admin role and
 * enables it (its old sessions end). Validates first: bad input writes nothing.
 */
export async function upsertAdmin(db: Db, nextId: () => bigint, c: AdminCredentials): Promise<{ id: bigint; created: boolean }> {
  checkAdminCredentials(c);
  const passwordHash = await hashPassword(c.password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: bigint; roles: string[] }>(`SELECT id, roles FROM users WHERE lower(username) = lower($1) FOR UPDATE`, [c.username]);
    const existing = rows[0];
    if (existing) {
      const roles = [...new Set([...(existing.roles ?? []), 'admin'])];
      await tx.query(
        `UPDATE users SET password_hash = $2, roles = $3::text[], enabled = true, nickname = coalesce($4, nickname), updated_at = now() WHERE id = $1`,
        [String(existing.id), passwordHash, roles, c.nickname?.trim() || null],
      );
      await revokeUserSessions(tx, existing.id);
      return { id: existing.id, created: false };
    }
    const id = nextId();
    await tx.query(`INSERT INTO users (id, username, nickname, password_hash, roles, enabled) VALUES ($1, $2, $3, $4, $5::text[], true)`, [
      String(id),
      c.username,
      c.nickname?.trim() || c.username,
      passwordHash,
      ['admin'],
    ]);
    return { id, created: true };
  });
}
