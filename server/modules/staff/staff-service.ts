/**
 * Staff service: the business rules of user accounts, independent of HTTP. Other modules and the
 * CLI may import these functions (e.g. create-admin uses upsertAdmin).
 *
 * @example
 * const page = await listStaff(db, { roles: 'finance', current: 1, pageSize: 20 });
 * const rec = await createStaff(db, nextId, { username: 'zhoumin', nickname: '周敏', password: 'Zm123456', roles: ['finance'] });
 */
import type { Db } from '../../core/contract';
import { forgetCachedSessions, revokeUserSessions } from '../../core/sessions';
import type { Page } from '../../../src/schema/codes';
import { badField, conflict, notFound } from './staff-errors';
import { hashPassword, passwordProblem, usernameProblem } from './password';
import {
  COUNT_USERS,
  FILE_EXISTS,
  INSERT_USER,
  LOCK_USER_BY_ID,
  MERCHANT_EXISTS,
  SELECT_USER_BY_ID,
  SELECT_USER_BY_USERNAME,
  SET_PASSWORD,
  STORE_EXISTS,
  UPDATE_PASSWORD_AND_ROLES,
  USER_COLUMNS,
  USER_FROM,
} from './staff-sql';
import { scopeSql, type RowRestriction } from '../../core/data-scope';
import { toStaffRecord, type StaffRecord, type StaffRow } from './staff-record';

export interface StaffListQuery {
  username?: string;
  nickname?: string;
  roles?: string | string[];
  enabled?: boolean | string;
  createdAtFrom?: string;
  createdAtTo?: string;
  current?: number | string;
  pageSize?: number | string;
  sortField?: string;
  sortOrder?: string;
}

export interface StaffInput {
  username?: string;
  nickname?: string;
  phone?: string | null;
  password?: string;
  roles?: string[];
  storeId?: string | bigint | null;
  merchantId?: string | bigint | null;
  avatar?: string | null;
  enabled?: boolean | string;
}

/**
 * The data scope (server/core/data-scope.ts) of the caller over staff rows, and the check a binding it
 * sets must pass (a bound administrator binds users within its own store or merchant only).
 */
export interface StaffScope {
  rows: RowRestriction | null;
  checkBinding?: (b: { storeId: string | null; merchantId: string | null }) => Promise<void>;
}

/** Tables of the staff scope's "via" rule (merchant-bound: users of the merchant's stores). */
export const STAFF_SCOPE_TABLES = { store: 'stores' };

export interface StaffOptionQuery {
  keyword?: string;
  storeId?: string;
  merchantId?: string;
}

export interface StaffOption {
  value: bigint;
  label: string;
  username: string;
  roles: string[];
  storeId: bigint | null;
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
function likePattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

/** Query strings may bring "true"/"false"; JSON bodies bring booleans. */
function toBool(v: boolean | string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return v === true || v === 'true';
}

function asArray(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
}

const SORTABLE: Record<string, string> = { createdAt: 'u.created_at' };

export async function listStaff(db: Db, q: StaffListQuery, scope: RowRestriction | null = null): Promise<Page<StaffRecord>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.username?.trim()) add((n) => `u.username ILIKE ${n}`, likePattern(q.username.trim()));
  if (q.nickname?.trim()) add((n) => `u.nickname ILIKE ${n}`, likePattern(q.nickname.trim()));
  const roles = asArray(q.roles);
  if (roles.length) add((n) => `u.roles && ${n}::text[]`, roles);
  const enabled = toBool(q.enabled);
  if (enabled !== undefined) add((n) => `u.enabled = ${n}`, enabled);
  if (q.createdAtFrom) add((n) => `u.created_at >= ${n}::timestamptz`, q.createdAtFrom);
  if (q.createdAtTo) add((n) => `u.created_at <= ${n}::timestamptz`, q.createdAtTo);

  let order = 'u.created_at DESC, u.id DESC';
  if (q.sortField) {
    const col = SORTABLE[q.sortField];
    if (!col) throw badField('server.staff.sortField', 'staff.sortField', { value: q.sortField });
    const dir = q.sortOrder === 'ascend' ? 'ASC' : 'DESC';
    order = `${col} ${dir}, u.id ${dir}`;
  }
  const current = Math.max(1, Number(q.current ?? 1) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(q.pageSize ?? 20) || 20));
  const scoped = scopeSql(scope, params, 'u', STAFF_SCOPE_TABLES);
  if (scoped) where.push(scoped);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${whereSql}`, params);
  const rows = await db.query<StaffRow>(
    `SELECT ${USER_COLUMNS}, s.name AS store_name, m.name AS merchant_name FROM ${USER_FROM}
     ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    params,
  );
  return { list: rows.rows.map(toStaffRecord), total: Number(total.rows[0].n), current, pageSize };
}

export async function getStaff(db: Db, id: string | bigint): Promise<StaffRecord> {
  const { rows } = await db.query<StaffRow>(SELECT_USER_BY_ID, [String(id)]);
  if (!rows[0]) throw notFound();
  return toStaffRecord(rows[0]);
}

function cleanNickname(nickname: string | undefined): string {
  const v = (nickname ?? '').trim();
  if (!v) throw badField('server.staff.blank', 'staff.nickname');
  return v;
}

function cleanRoles(roles: string[] | undefined): string[] {
  const v = [...new Set((roles ?? []).filter(Boolean))];
  if (!v.length) throw badField('server.staff.blank', 'staff.roles');
  return v;
}

/** A store id must name an existing store; unknown → 400 naming the field. */
async function checkStore(db: Db, storeId: string | bigint | null | undefined): Promise<string | null> {
  if (storeId === undefined || storeId === null || storeId === '') return null;
  const { rows } = await db.query(STORE_EXISTS, [String(storeId)]);
  if (!rows[0]) throw badField('server.staff.storeNotFound', 'staff.store');
  return String(storeId);
}

/** A merchant id must name an existing merchant; unknown → 400 naming the field. */
async function checkMerchant(db: Db, merchantId: string | bigint | null | undefined): Promise<string | null> {
  if (merchantId === undefined || merchantId === null || merchantId === '') return null;
  const { rows } = await db.query(MERCHANT_EXISTS, [String(merchantId)]);
  if (!rows[0]) throw badField('server.staff.merchantNotFound', 'staff.merchant');
  return String(merchantId);
}

/** A user is bound to a store or to a merchant, never both (data scope); the caller's scope may narrow it. */
async function checkBinding(storeId: string | null, merchantId: string | null, scope?: StaffScope): Promise<void> {
  if (storeId && merchantId) throw badField('server.staff.oneBinding', 'staff.merchant');
  await scope?.checkBinding?.({ storeId, merchantId });
}

/** An avatar must be a file uploaded through /file/upload (a key in the files table). */
async function checkAvatar(db: Db, avatar: string | null | undefined): Promise<string | null> {
  if (avatar === undefined || avatar === null || avatar === '') return null;
  const { rows } = await db.query(FILE_EXISTS, [avatar]);
  if (!rows[0]) throw badField('server.staff.avatarNotFound', 'staff.avatar');
  return avatar;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505';
}

export async function createStaff(db: Db, nextId: () => bigint, input: StaffInput, scope?: StaffScope): Promise<StaffRecord> {
  const username = (input.username ?? '').trim();
  const usernameErr = usernameProblem(username);
  if (usernameErr) throw badField(usernameErr, 'staff.username');
  const nickname = cleanNickname(input.nickname);
  const passwordErr = passwordProblem(input.password ?? '', username);
  if (passwordErr) throw badField(passwordErr, 'staff.password');
  const roles = cleanRoles(input.roles);
  const passwordHash = await hashPassword(input.password!);
  const id = nextId();
  try {
    await db.transaction(async (tx) => {
      const taken = await tx.query(SELECT_USER_BY_USERNAME, [username]);
      if (taken.rows[0]) throw conflict('server.staff.usernameTaken', { field: 'staff.username', value: username });
      const storeId = await checkStore(tx, input.storeId);
      const merchantId = await checkMerchant(tx, input.merchantId);
      await checkBinding(storeId, merchantId, scope);
      const avatar = await checkAvatar(tx, input.avatar);
      await tx.query(INSERT_USER, [
        String(id),
        username,
        nickname,
        input.phone || null,
        passwordHash,
        roles,
        storeId,
        avatar,
        toBool(input.enabled) ?? true,
        null,
        merchantId,
      ]);
    });
  } catch (err) {
    // Two admins adding the same username at once: the loser hits the unique index.
    if (isUniqueViolation(err)) throw conflict('server.staff.usernameTaken', { field: 'staff.username', value: username });
    throw err;
  }
  return getStaff(db, id);
}

export interface Actor {
  id: bigint;
  /** the actor's current session, kept when they reset their own password */
  tokenHash?: string;
}

/**
 * Partial edit. Refuses (409, nothing changed) an actor removing their own admin role or disabling
 * themselves, so the console always keeps the administrator who is using it. Disabling a user ends
 * their sessions in the same transaction.
 */
export async function updateStaff(db: Db, input: StaffInput & { id: string | bigint }, actor: Actor, scope?: StaffScope): Promise<StaffRecord> {
  const id = String(input.id);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: bigint; roles: string[]; enabled: boolean; store_id: bigint | null; merchant_id: bigint | null }>(LOCK_USER_BY_ID, [
      id,
    ]);
    const current = rows[0];
    if (!current) throw notFound();
    const self = BigInt(id) === actor.id;
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (col: string, value: unknown, cast = '') => {
      params.push(value);
      sets.push(`${col} = $${params.length}${cast}`);
    };
    if (input.nickname !== undefined) set('nickname', cleanNickname(input.nickname));
    if (input.phone !== undefined) set('phone', input.phone || null);
    if (input.roles !== undefined) {
      const roles = cleanRoles(input.roles);
      if (self && current.roles.includes('admin') && !roles.includes('admin')) throw conflict('server.staff.selfDemote');
      set('roles', roles, '::text[]');
    }
    if (input.storeId !== undefined || input.merchantId !== undefined) {
      const storeId = input.storeId !== undefined ? await checkStore(tx, input.storeId) : current.store_id === null ? null : String(current.store_id);
      const merchantId =
        input.merchantId !== undefined ? await checkMerchant(tx, input.merchantId) : current.merchant_id === null ? null : String(current.merchant_id);
      await checkBinding(storeId, merchantId, scope);
      if (input.storeId !== undefined) set('store_id', storeId);
      if (input.merchantId !== undefined) set('merchant_id', merchantId);
    }
    if (input.avatar !== undefined) set('avatar', await checkAvatar(tx, input.avatar));
    const enabled = toBool(input.enabled);
    if (enabled !== undefined) {
      if (self && !enabled) throw conflict('server.staff.selfDisable');
      set('enabled', enabled);
    }
    if (!sets.length) return;
    await tx.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    // New roles or name apply to the user's next request, not after the session cache's few seconds.
    forgetCachedSessions(tx);
    // A disabled user is signed out now, not at their next token expiry.
    if (enabled === false && current.enabled) await revokeUserSessions(tx, BigInt(id));
  });
  return getStaff(db, id);
}

/**
 * An administrator sets a new password for a user (who forgot theirs). The policy is the add form's;
 * every session of that user ends, except the caller's own when they reset their own password.
 */
export async function resetStaffPassword(db: Db, input: { id: string | bigint; password: string }, actor: Actor): Promise<null> {
  const id = String(input.id);
  const { rows } = await db.query<{ username: string }>(SELECT_USER_BY_ID, [id]);
  if (!rows[0]) throw notFound();
  const problem = passwordProblem(input.password, rows[0].username);
  if (problem) throw badField(problem, 'staff.password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const locked = await tx.query(LOCK_USER_BY_ID, [id]);
    if (!locked.rows[0]) throw notFound();
    await tx.query(SET_PASSWORD, [id, passwordHash]);
    await revokeUserSessions(tx, BigInt(id), actor.tokenHash);
  });
  return null;
}

/** Options for pickers (GET /dict/user): enabled users only, at most 50, label "昵称（用户名）". */
export async function staffOptions(db: Db, q: StaffOptionQuery, scope: RowRestriction | null = null): Promise<StaffOption[]> {
  const where = ['u.enabled'];
  const params: unknown[] = [];
  const keyword = q.keyword?.trim();
  if (keyword) {
    params.push(likePattern(keyword));
    const n = `$${params.length}`;
    where.push(`(u.username ILIKE ${n} OR u.nickname ILIKE ${n} OR u.phone LIKE ${n})`);
  }
  if (q.storeId) {
    params.push(q.storeId);
    where.push(`u.store_id = $${params.length}`);
  }
  let join = '';
  if (q.merchantId) {
    params.push(q.merchantId);
    join = 'JOIN stores s ON s.id = u.store_id';
    where.push(`s.merchant_id = $${params.length}`);
  }
  const scoped = scopeSql(scope, params, 'u', STAFF_SCOPE_TABLES);
  if (scoped) where.push(scoped);
  const { rows } = await db.query<{ id: bigint; username: string; nickname: string; roles: string[]; store_id: bigint | null }>(
    `SELECT u.id, u.username, u.nickname, u.roles, u.store_id FROM users u ${join}
     WHERE ${where.join(' AND ')} ORDER BY u.username LIMIT 50`,
    params,
  );
  return rows.map((r) => ({
    value: r.id,
    label: `${r.nickname}（${r.username}）`,
    username: r.username,
    roles: r.roles ?? [],
    storeId: r.store_id,
  }));
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
    const { rows } = await tx.query<{ id: bigint; username: string }>(SELECT_USER_BY_USERNAME, [c.username]);
    const existing = rows[0];
    if (existing) {
      const lock = await tx.query<{ roles: string[] }>(LOCK_USER_BY_ID, [String(existing.id)]);
      const roles = [...new Set([...(lock.rows[0]?.roles ?? []), 'admin'])];
      await tx.query(UPDATE_PASSWORD_AND_ROLES, [String(existing.id), passwordHash, roles, c.nickname?.trim() || null]);
      await revokeUserSessions(tx, existing.id);
      return { id: existing.id, created: false };
    }
    const id = nextId();
    await tx.query(INSERT_USER, [String(id), c.username, c.nickname?.trim() || c.username, null, passwordHash, ['admin'], null, null, true, null, null]);
    return { id, created: true };
  });
}

export async function countUsers(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(COUNT_USERS);
  return Number(rows[0].n);
}
