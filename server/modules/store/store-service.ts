/**
 * Franchise stores: reads, writes and the audit, shared by the store module and the merchant
 * module's franchise-store calls. Every write runs in one transaction with the store row locked
 * (SELECT … FOR UPDATE), so an edit and an audit of the same store never interleave.
 *
 * @example
 * const store = await saveStore(db, { name: '…', merchantId: '1', region: ['440000', '440300', '440305'], … }, nextId);
 * await auditStore(db, { id: store.id, result: 'approved', operatorId: user.id, nextId });
 */
import type { Db } from '../../core/contract';
import { badField, conflict, likePattern, notFound, toIso } from './store-errors';
import { checkRegionPath, checkServiceArea, normalizeServiceArea } from './region';
import { unknownFileKey } from './form-input';
import { scopeSql, type RowRestriction } from '../../core/data-scope';

export type AuditStatus = 'pending' | 'approved' | 'rejected';
export type EnableStatus = 'enabled' | 'disabled';

/** Only approved, enabled stores can receive orders. */
export function isAssignable(store: { auditStatus: string; status: string }): boolean {
  return store.auditStatus === 'approved' && store.status === 'enabled';
}

/** The same rule as SQL, for the order module: `WHERE ${assignableSql('s')}`. */
export function assignableSql(alias = 'stores'): string {
  return `(${alias}.audit_status = 'approved' AND ${alias}.status = 'enabled')`;
}

/** Order states that count as a store's open work (shown in the store list). */
export const OPEN_ORDER_STATUSES = ['assigned', 'in_service'] as const;

export interface StoreRecord {
  id: bigint;
  merchantId: bigint;
  merchantName: string;
  name: string;
  region: string[];
  address: string;
  contact: string;
  phone: string;
  serviceArea: string[];
  businessHours: string | null;
  photos: string[];
  status: EnableStatus;
  auditStatus: AuditStatus;
  auditReason: string | null;
  openOrderCount: number;
  createdAt: string;
  updatedAt: string;
}

const SELECT_STORE = `
  SELECT s.*, m.name AS merchant_name,
    (SELECT count(*) FROM orders o WHERE o.store_id = s.id AND o.status IN ('assigned', 'in_service')) AS open_order_count
  FROM stores s JOIN merchants m ON m.id = s.merchant_id`;

type Row = Record<string, any>;

export function toStoreRecord(r: Row): StoreRecord {
  return {
    id: BigInt(r.id),
    merchantId: BigInt(r.merchant_id),
    merchantName: r.merchant_name,
    name: r.name,
    region: [r.province, r.city, r.district].filter((c): c is string => !!c),
    address: r.address,
    contact: r.contact,
    phone: r.phone,
    serviceArea: r.service_area ?? [],
    businessHours: r.business_hours ?? null,
    photos: r.photos ?? [],
    status: r.status,
    auditStatus: r.audit_status,
    auditReason: r.audit_reason ?? null,
    openOrderCount: Number(r.open_order_count ?? 0),
    createdAt: toIso(r.created_at)!,
    updatedAt: toIso(r.updated_at)!,
  };
}

export interface StoreFilter {
  name?: string;
  merchantId?: string;
  region?: string[] | string;
  auditStatus?: string;
  status?: string;
  current?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

function asArray(v: string[] | string | null | undefined): string[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

export async function listStores(db: Db, f: StoreFilter, scope: RowRestriction | null = null) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.name) add(`s.name ILIKE ?`, likePattern(f.name));
  if (f.merchantId) add(`s.merchant_id = ?`, f.merchantId);
  const region = asArray(f.region);
  ['province', 'city', 'district'].forEach((col, i) => region[i] && add(`s.${col} = ?`, region[i]));
  if (f.auditStatus) add(`s.audit_status = ?`, f.auditStatus);
  if (f.status) add(`s.status = ?`, f.status);
  const scoped = scopeSql(scope, params, 's');
  if (scoped) where.push(scoped);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const current = f.current ?? 1;
  const pageSize = f.pageSize ?? 20;
  const dir = f.sortOrder === 'ascend' ? 'ASC' : 'DESC';
  const order =
    f.sortField === 'openOrderCount' ? `open_order_count ${dir}, s.id ${dir}`
    : f.sortField === 'name' ? `s.name ${dir}, s.id ${dir}`
    : `s.created_at ${dir}, s.id ${dir}`;
  const total = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM stores s ${whereSql}`,
    params,
  );
  const rows = await db.query(
    `${SELECT_STORE} ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    params,
  );
  return { list: rows.rows.map(toStoreRecord), total: Number(total.rows[0].n), current, pageSize };
}

export async function getStore(db: Db, id: string | bigint): Promise<StoreRecord> {
  const r = await db.query(`${SELECT_STORE} WHERE s.id = $1`, [String(id)]);
  if (!r.rows[0]) throw notFound('server.store.notFound');
  return toStoreRecord(r.rows[0]);
}

export async function storesOfMerchant(db: Db, merchantId: string | bigint): Promise<StoreRecord[]> {
  const r = await db.query(`${SELECT_STORE} WHERE s.merchant_id = $1 ORDER BY s.created_at DESC, s.id DESC`, [
    String(merchantId),
  ]);
  return r.rows.map(toStoreRecord);
}

/** What a store edit may carry; absent keys keep their value (partial update). */
export interface StoreInput {
  id?: string;
  merchantId?: string;
  name?: string;
  region?: string[] | string;
  address?: string;
  contact?: string;
  phone?: string;
  serviceArea?: string[] | string;
  businessHours?: string | null;
  photos?: string[] | string | null;
  status?: EnableStatus;
}

const REQUIRED_ON_CREATE: [keyof StoreInput, string][] = [
  ['merchantId', 'store.merchant'],
  ['name', 'store.name'],
  ['region', 'store.region'],
  ['address', 'store.address'],
  ['contact', 'store.contact'],
  ['phone', 'store.phone'],
  ['serviceArea', 'store.serviceArea'],
];
/** May be left out of an update, never cleared. */
const NOT_CLEARABLE: [keyof StoreInput, string][] = [...REQUIRED_ON_CREATE, ['status', 'store.status']];

function isEmpty(v: unknown): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

/**
 * Creates (no id) or updates a store. A new store starts pending audit. Changing the service area
 * or the merchant of an approved store sends it back to pending; any edit of a rejected store
 * resubmits it (pending), since an audit only runs from pending.
 * `scopeMerchantId` (franchise-store calls) requires the store to belong to that merchant.
 */
export async function saveStore(
  db: Db,
  input: StoreInput,
  nextId: () => bigint,
  scopeMerchantId?: string,
): Promise<StoreRecord> {
  for (const [k, title] of input.id ? NOT_CLEARABLE : REQUIRED_ON_CREATE) {
    const v = input[k];
    if ((v === undefined && !input.id) || (v !== undefined && isEmpty(v))) throw badField('server.store.fieldRequired', title);
  }
  const region = input.region === undefined ? undefined : asArray(input.region);
  const serviceArea = input.serviceArea === undefined ? undefined : normalizeServiceArea(asArray(input.serviceArea));
  const photos = input.photos === undefined ? undefined : input.photos === null ? [] : asArray(input.photos);
  if (region) {
    const bad = checkRegionPath(region, 2);
    if (bad !== null) throw badField('server.store.badRegion', 'store.region', { code: bad });
  }
  if (serviceArea) {
    const bad = checkServiceArea(serviceArea);
    if (bad !== null) throw badField('server.store.badServiceArea', 'store.serviceArea', { code: bad });
  }

  if (photos?.length) {
    const bad = await unknownFileKey(db, photos);
    if (bad) throw badField('server.store.fileNotFound', 'store.photos', { key: bad });
  }

  return db.transaction(async (tx) => {
    if (input.merchantId !== undefined) {
      const m = await tx.query(`SELECT id FROM merchants WHERE id = $1`, [input.merchantId]);
      if (!m.rows[0]) throw badField('server.store.merchantNotFound', 'store.merchant');
    }
    if (!input.id) {
      const id = nextId();
      await tx.query(
        `INSERT INTO stores (id, merchant_id, name, province, city, district, address, contact, phone,
           service_area, business_hours, photos, status, audit_status)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,'pending')`,
        [
          String(id), input.merchantId, input.name, region![0], region![1] ?? null, region![2] ?? null,
          input.address, input.contact, input.phone, serviceArea!, input.businessHours || null,
          photos ?? [], input.status ?? 'enabled',
        ],
      );
      return getStore(tx, id);
    }

    const cur = await tx.query(`SELECT * FROM stores WHERE id = $1 FOR UPDATE`, [input.id]);
    const row = cur.rows[0] as Row | undefined;
    if (!row || (scopeMerchantId !== undefined && String(row.merchant_id) !== scopeMerchantId)) {
      throw notFound('server.store.notFound');
    }
    const merchantChanged = input.merchantId !== undefined && input.merchantId !== String(row.merchant_id);
    const areaChanged = serviceArea !== undefined && !sameSet(serviceArea, row.service_area ?? []);
    let audit: AuditStatus = row.audit_status;
    if (audit === 'approved' && (merchantChanged || areaChanged)) audit = 'pending';
    if (audit === 'rejected') audit = 'pending';
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (col: string, v: unknown) => {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    };
    if (input.merchantId !== undefined) set('merchant_id', input.merchantId);
    if (input.name !== undefined) set('name', input.name);
    if (region) {
      set('province', region[0]);
      set('city', region[1] ?? null);
      set('district', region[2] ?? null);
    }
    if (input.address !== undefined) set('address', input.address);
    if (input.contact !== undefined) set('contact', input.contact);
    if (input.phone !== undefined) set('phone', input.phone);
    if (serviceArea) set('service_area', serviceArea);
    if (input.businessHours !== undefined) set('business_hours', input.businessHours || null);
    if (photos) set('photos', photos);
    if (input.status !== undefined) set('status', input.status);
    if (audit !== row.audit_status) {
      set('audit_status', audit);
      set('audit_reason', null);
    }
    params.push(input.id);
    await tx.query(`UPDATE stores SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
    return getStore(tx, input.id);
  });
}

export interface AuditInput {
  id: string;
  result: 'approved' | 'rejected';
  reason?: string | null;
  operatorId: bigint;
  nextId: () => bigint;
}

/** Approves or rejects a pending store and logs it in store_audits; any other state → 409 naming it. */
export async function auditStore(db: Db, a: AuditInput): Promise<StoreRecord> {
  const reason = a.reason?.trim() || null;
  if (a.result === 'rejected' && !reason) throw badField('server.store.rejectReasonRequired', 'store.reason');
  return db.transaction(async (tx) => {
    const cur = await tx.query<{ audit_status: AuditStatus }>(`SELECT audit_status FROM stores WHERE id = $1 FOR UPDATE`, [a.id]);
    const row = cur.rows[0];
    if (!row) throw notFound('server.store.notFound');
    if (row.audit_status !== 'pending') {
      throw conflict('server.store.auditNotPending', { state: `enum.auditStatus.${row.audit_status}` });
    }
    await tx.query(`UPDATE stores SET audit_status = $2, audit_reason = $3, updated_at = now() WHERE id = $1`, [
      a.id, a.result, a.result === 'rejected' ? reason : null,
    ]);
    await tx.query(`INSERT INTO store_audits (id, store_id, result, reason, operator_id) VALUES ($1,$2,$3,$4,$5)`, [
      String(a.nextId()), a.id, a.result, reason, String(a.operatorId),
    ]);
    return getStore(tx, a.id);
  });
}

/**
 * One audit, also shaped as an entry of the renderer's built-in "timeline" slot: `action` names the
 * store action (approve/reject), `before`/`after` the audit status change, `remark` the reason.
 */
export interface AuditLog {
  id: bigint;
  result: 'approved' | 'rejected';
  reason: string | null;
  operatorId: bigint;
  operatorName: string;
  at: string;
  action: 'approve' | 'reject';
  before: { auditStatus: 'pending' };
  after: { auditStatus: 'approved' | 'rejected' };
  remark: string | null;
}

export async function listAudits(db: Db, storeId: string): Promise<AuditLog[]> {
  const r = await db.query(
    `SELECT a.id, a.result, a.reason, a.operator_id, a.at, coalesce(u.nickname, u.username) AS operator_name
     FROM store_audits a LEFT JOIN users u ON u.id = a.operator_id
     WHERE a.store_id = $1 ORDER BY a.at DESC, a.id DESC`,
    [storeId],
  );
  return r.rows.map((x: Row) => ({
    id: BigInt(x.id),
    result: x.result,
    reason: x.reason ?? null,
    operatorId: BigInt(x.operator_id),
    operatorName: x.operator_name ?? '',
    at: toIso(x.at)!,
    action: x.result === 'approved' ? 'approve' : 'reject',
    before: { auditStatus: 'pending' },
    after: { auditStatus: x.result },
    remark: x.reason ?? null,
  }));
}

export interface StoreDictFilter {
  keyword?: string;
  merchantId?: string;
  assignable?: boolean;
  /** a place (province, city, district codes): only stores whose service area covers its city or district */
  region?: string[] | string;
  id?: string[] | string;
}

/** Options for /dict/store: at most 50, matching name, merchant name or phone. */
export async function storeOptions(db: Db, f: StoreDictFilter, scope: RowRestriction | null = null) {
  const where: string[] = [];
  const params: unknown[] = [];
  const ids = asArray(f.id);
  if (ids.length) {
    params.push(ids);
    where.push(`s.id = ANY($${params.length}::int8[])`);
  }
  if (f.keyword) {
    params.push(likePattern(f.keyword));
    where.push(`(s.name ILIKE $${params.length} OR m.name ILIKE $${params.length} OR s.phone LIKE $${params.length})`);
  }
  if (f.merchantId) {
    params.push(f.merchantId);
    where.push(`s.merchant_id = $${params.length}`);
  }
  if (f.assignable) where.push(assignableSql('s'));
  // The same coverage rule as auto-assign: the service area holds the place's city or its district.
  const areas = asArray(f.region).slice(1).filter(Boolean);
  if (areas.length) {
    params.push(areas);
    where.push(`s.service_area && $${params.length}::text[]`);
  }
  const scoped = scopeSql(scope, params, 's');
  if (scoped) where.push(scoped);
  const r = await db.query(
    `SELECT s.id, s.name, s.merchant_id, m.name AS merchant_name, s.province, s.city, s.district,
            s.service_area, s.audit_status
     FROM stores s JOIN merchants m ON m.id = s.merchant_id
     ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
     ORDER BY s.name, s.id LIMIT 50`,
    params,
  );
  return r.rows.map((x: Row) => ({
    value: BigInt(x.id),
    label: x.name as string,
    merchantId: BigInt(x.merchant_id),
    merchantName: x.merchant_name as string,
    province: x.province as string,
    city: (x.city ?? null) as string | null,
    district: (x.district ?? null) as string | null,
    serviceArea: (x.service_area ?? []) as string[],
    auditStatus: x.audit_status as AuditStatus,
  }));
}
