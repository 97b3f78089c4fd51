/**
 * Merchants: list, detail, create-or-edit, their authorised shops (read-only here) and options.
 * The settlement account number leaves the server masked unless `unmasked` is asked for (admin's
 * edit form only; the handler checks the role).
 *
 * @example
 * const page = await listMerchants(db, { name: '洁', current: 1, pageSize: 20 });
 * const m = await saveMerchant(db, { name: '小羊管家', contact: '王敏', phone: '13800138000' }, nextId);
 */
import type { Db } from '../../core/contract';
import { badField, likePattern, notFound, toIso } from '../store';
import { maskAccountNo } from './mask';
import { unknownFileKey } from '../store';
import { scopeSql, type RowRestriction } from '../../core/data-scope';

type Row = Record<string, any>;

export interface MerchantRecord {
  id: bigint;
  name: string;
  shortName: string | null;
  logo: string | null;
  license: string | null;
  contact: string;
  phone: string;
  address: string | null;
  bankName: string | null;
  bankAccountName: string | null;
  /** only in the admin's edit form (getForEdit); never sent masked under this name */
  bankAccountNo?: string | null;
  /** what every other read shows, e.g. "6222 **** **** 0123" */
  bankAccountNoMasked: string | null;
  remark: string | null;
  status: 'enabled' | 'disabled';
  shopCount: number;
  storeCount: number;
  createdAt: string;
  updatedAt: string;
}

const SELECT_MERCHANT = `
  SELECT m.*,
    (SELECT count(*) FROM shops sh WHERE sh.merchant_id = m.id AND sh.auth_status <> 'unbound') AS shop_count,
    (SELECT count(*) FROM stores st WHERE st.merchant_id = m.id) AS store_count
  FROM merchants m`;

function toRecord(r: Row, unmasked = false): MerchantRecord {
  // The masked number travels under its own name, so a form or action that sends a record back
  // can never write the mask over the real number.
  const account = unmasked ? { bankAccountNo: r.bank_account_no ?? null } : {};
  return {
    id: BigInt(r.id),
    name: r.name,
    shortName: r.short_name ?? null,
    logo: r.logo ?? null,
    license: r.license ?? null,
    contact: r.contact,
    phone: r.phone,
    address: r.address ?? null,
    bankName: r.bank_name ?? null,
    bankAccountName: r.bank_account_name ?? null,
    ...account,
    bankAccountNoMasked: maskAccountNo(r.bank_account_no),
    remark: r.remark ?? null,
    status: r.status,
    shopCount: Number(r.shop_count ?? 0),
    storeCount: Number(r.store_count ?? 0),
    createdAt: toIso(r.created_at)!,
    updatedAt: toIso(r.updated_at)!,
  };
}

export interface MerchantFilter {
  name?: string;
  contact?: string;
  phone?: string;
  status?: string;
  createdAtFrom?: string;
  createdAtTo?: string;
  current?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export async function listMerchants(db: Db, f: MerchantFilter, scope: RowRestriction | null = null) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.name) add(`(m.name ILIKE ? OR m.short_name ILIKE $${params.length + 1})`, likePattern(f.name));
  if (f.contact) add(`m.contact ILIKE ?`, likePattern(f.contact));
  if (f.phone) add(`m.phone LIKE ?`, likePattern(f.phone));
  if (f.status) add(`m.status = ?`, f.status);
  if (f.createdAtFrom) add(`m.created_at >= ?`, f.createdAtFrom);
  if (f.createdAtTo) add(`m.created_at <= ?`, f.createdAtTo);
  const scoped = scopeSql(scope, params, 'm');
  if (scoped) where.push(scoped);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const current = f.current ?? 1;
  const pageSize = f.pageSize ?? 20;
  const dir = f.sortOrder === 'ascend' ? 'ASC' : 'DESC';
  const order =
    f.sortField === 'storeCount' ? `store_count ${dir}, m.id ${dir}`
    : f.sortField === 'shopCount' ? `shop_count ${dir}, m.id ${dir}`
    : `m.created_at ${dir}, m.id ${dir}`;
  const total = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM merchants m ${whereSql}`, params);
  const rows = await db.query(
    `${SELECT_MERCHANT} ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    params,
  );
  return { list: rows.rows.map((r) => toRecord(r)), total: Number(total.rows[0].n), current, pageSize };
}

export async function getMerchant(db: Db, id: string | bigint, unmasked = false): Promise<MerchantRecord> {
  const r = await db.query(`${SELECT_MERCHANT} WHERE m.id = $1`, [String(id)]);
  if (!r.rows[0]) throw notFound('server.merchant.notFound');
  return toRecord(r.rows[0], unmasked);
}

export interface MerchantInput {
  id?: string;
  name?: string;
  shortName?: string | null;
  logo?: string | null;
  license?: string | null;
  contact?: string;
  phone?: string;
  address?: string | null;
  bankName?: string | null;
  bankAccountName?: string | null;
  bankAccountNo?: string | null;
  remark?: string | null;
  status?: 'enabled' | 'disabled';
}

const COLUMNS: [keyof MerchantInput, string][] = [
  ['name', 'name'],
  ['shortName', 'short_name'],
  ['logo', 'logo'],
  ['license', 'license'],
  ['contact', 'contact'],
  ['phone', 'phone'],
  ['address', 'address'],
  ['bankName', 'bank_name'],
  ['bankAccountName', 'bank_account_name'],
  ['bankAccountNo', 'bank_account_no'],
  ['remark', 'remark'],
  ['status', 'status'],
];

const REQUIRED_ON_CREATE: [keyof MerchantInput, string][] = [
  ['name', 'merchant.name'],
  ['contact', 'merchant.contact'],
  ['phone', 'merchant.phone'],
];
/** May be left out of an update, never cleared. */
const NOT_CLEARABLE: [keyof MerchantInput, string][] = [...REQUIRED_ON_CREATE, ['status', 'merchant.status']];

/**
 * Creates a merchant when `id` is absent, otherwise updates the fields present (partial).
 * An empty string clears an optional field. The name is unique.
 */
export async function saveMerchant(db: Db, input: MerchantInput, nextId: () => bigint): Promise<MerchantRecord> {
  for (const [k, title] of input.id ? NOT_CLEARABLE : REQUIRED_ON_CREATE) {
    const v = input[k];
    if ((v === undefined && !input.id) || (v !== undefined && (v === null || v === ''))) {
      throw badField('server.merchant.fieldRequired', title);
    }
  }
  for (const [k, title] of [['logo', 'merchant.logo'], ['license', 'merchant.license']] as const) {
    const bad = await unknownFileKey(db, [input[k]]);
    if (bad) throw badField('server.merchant.fileNotFound', title, { key: bad });
  }
  try {
    return await write(db, input, nextId);
  } catch (err) {
    // Two creations racing for the same name: the unique index decides, the loser gets the same message.
    if ((err as { code?: string }).code === '23505' && input.name) {
      throw badField('server.merchant.nameTaken', 'merchant.name', { name: input.name });
    }
    throw err;
  }
}

function write(db: Db, input: MerchantInput, nextId: () => bigint): Promise<MerchantRecord> {
  return db.transaction(async (tx) => {
    if (input.name !== undefined) {
      const dup = await tx.query(`SELECT id FROM merchants WHERE name = $1 AND id <> $2`, [input.name, input.id ?? '0']);
      if (dup.rows[0]) throw badField('server.merchant.nameTaken', 'merchant.name', { name: input.name });
    }
    if (!input.id) {
      const id = nextId();
      const cols = COLUMNS.filter(([k]) => input[k] !== undefined);
      await tx.query(
        `INSERT INTO merchants (id, ${cols.map(([, c]) => c).join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})`,
        [String(id), ...cols.map(([k]) => input[k] || null)],
      );
      return getMerchant(tx, id, true);
    }
    const cur = await tx.query(`SELECT id FROM merchants WHERE id = $1 FOR UPDATE`, [input.id]);
    if (!cur.rows[0]) throw notFound('server.merchant.notFound');
    const cols = COLUMNS.filter(([k]) => input[k] !== undefined);
    const params: unknown[] = cols.map(([k]) => input[k] || null);
    const sets = cols.map(([, c], i) => `${c} = $${i + 1}`);
    params.push(input.id);
    await tx.query(`UPDATE merchants SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
    return getMerchant(tx, input.id, true);
  });
}

/** Shops the merchant authorised (read-only here; the merchantAuth module manages them). */
export async function shopsOfMerchant(db: Db, merchantId: string) {
  const r = await db.query(
    `SELECT id, platform, platform_shop_id, name, auth_status, authorized_at, token_expires_at, last_sync_at
     FROM shops WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC`,
    [merchantId],
  );
  return r.rows.map((x: Row) => ({
    id: BigInt(x.id),
    platform: x.platform as string,
    platformShopId: x.platform_shop_id as string,
    name: x.name as string,
    authStatus: x.auth_status as string,
    authorizedAt: toIso(x.authorized_at),
    tokenExpiresAt: toIso(x.token_expires_at),
    lastSyncAt: toIso(x.last_sync_at),
  }));
}

export async function merchantExists(db: Db, id: string): Promise<boolean> {
  const r = await db.query(`SELECT 1 FROM merchants WHERE id = $1`, [id]);
  return r.rows.length > 0;
}
