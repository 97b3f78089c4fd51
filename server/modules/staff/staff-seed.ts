/**
 * Seeds staff accounts into an empty database.
 *
 * Demo mode (default): the fixed demo accounts admin/admin123, finance/finance123,
 * dispatcher/dispatcher123 and ~30 staff (password "staff123"), created over the past year.
 *
 * Production (NODE_ENV=production, demo = false): fixed demo passwords are refused. Only one
 * administrator "admin" is created, with options.adminPassword when given (it must meet the password
 * policy) or else a random password that is printed once; no sample staff.
 */
import { randomBytes } from 'node:crypto';
import type { Db, SeedDeps } from '../../core/contract';
import { hashPassword, passwordProblem } from './password';
import { DEMO_ACCOUNTS, DEMO_STAFF, DEMO_STAFF_PASSWORD, MOBILE_PREFIXES } from './staff-seed-data';

const SEED_USER = `INSERT INTO users
  (id, username, nickname, phone, password_hash, roles, store_id, avatar, enabled, last_login_at, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6::text[], NULL, NULL, $7, $8::timestamptz, $9::timestamptz, $9::timestamptz)
  ON CONFLICT DO NOTHING`;

/** mulberry32: a tiny fixed-seed generator, so demo data is the same on every fresh database. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;

/** A password that passes the policy: 16 characters from 12 random bytes, retried until it has a letter and a digit. */
export function randomPassword(): string {
  for (;;) {
    const p = randomBytes(12).toString('base64url');
    if (!passwordProblem(p, 'admin')) return p;
  }
}

export interface StaffSeedResult {
  /** accounts whose password the operator must be told (production only) */
  printed: { username: string; password: string }[];
}

export async function seedStaff(deps: SeedDeps, log: (line: string) => void = console.log): Promise<StaffSeedResult> {
  const { db, nextId, demo, options } = deps;
  const now = Date.now();
  if (!demo) return seedProductionAdmin(db, nextId, options?.adminPassword, log);

  const rand = prng(20240501);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const phone = () => pick(MOBILE_PREFIXES) + String(Math.floor(rand() * 1e8)).padStart(8, '0');
  const yearAgo = new Date(now - 365 * DAY).toISOString();

  for (const a of DEMO_ACCOUNTS) {
    await db.query(SEED_USER, [String(nextId()), a.username, a.nickname, phone(), await hashPassword(a.password), a.roles, true, null, yearAgo]);
  }
  // One hash for the shared demo password: hashing 30 times would slow every fresh database by ~0.6 s.
  const staffHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const s of DEMO_STAFF) {
    const created = now - Math.floor((20 + rand() * 340) * DAY);
    const lastLogin = s.enabled && rand() < 0.85 ? new Date(now - Math.floor(rand() * 14 * DAY)).toISOString() : null;
    await db.query(SEED_USER, [String(nextId()), s.username, s.nickname, phone(), staffHash, s.roles, s.enabled, lastLogin, new Date(created).toISOString()]);
  }
  return { printed: [] };
}

async function seedProductionAdmin(db: Db, nextId: () => bigint, given: unknown, log: (line: string) => void): Promise<StaffSeedResult> {
  let password: string;
  if (given !== undefined) {
    password = String(given);
    const problem = passwordProblem(password, 'admin');
    if (problem) throw new Error('--admin-password: must be 8–64 characters with letters and digits, and must not contain "admin"');
  } else {
    password = randomPassword();
  }
  const now = new Date().toISOString();
  await db.query(SEED_USER, [String(nextId()), 'admin', '系统管理员', null, await hashPassword(password), ['admin'], true, null, now]);
  const printed = given === undefined ? [{ username: 'admin', password }] : [];
  if (printed.length) {
    log('NODE_ENV=production: no demo accounts were created. Initial administrator (shown once, change it soon):');
    log(`  username: admin   password: ${password}`);
    log('  Reset it any time with: npm run create-admin -- --username admin --password <new password>');
  }
  return { printed };
}
