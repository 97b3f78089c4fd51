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
import { badField, conflict, notFound } from '../../core/http-errors';
import { likePattern, toIso, Where } from '../../core/sql';
import { checkRegionPath, checkServiceArea, normalizeServiceArea } from './region';
import { scopeSql, type RowRestriction } from '../../core/data-scope';
import { defineResource } from '../../core/resource-write';
import type { StoreAuditInput, StoreDictInput, StoreEditInput, StoreRecord as GeneratedStoreRecord } from '../../../src/generated/types';

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

type Row = Record<string, any>;

export type StoreRecord = GeneratedStoreRecord<bigint> & { updatedAt?: string | null };

function asArray(v: string[] | string | null | undefined): string[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

/** Stores with their merchant's name and open order count; the region is kept in three columns. */
export const stores = defineResource<StoreRecord>({
  name: 'store',
  table: 'stores',
  alias: 's',
  joins: 'JOIN merchants m ON m.id = s.merchant_id',
  touch: 'updated_at',
  notFoundKey: 'server.store.notFound',
  columns: {
    merchantName: 'm.name',
    region: 'array_remove(ARRAY[s.province, s.city, s.district], NULL)',
    openOrderCount: `(SELECT count(*) FROM orders o WHERE o.store_id = s.id AND o.status IN ('assigned', 'in_service'))`,
    // parameters of the audit action, not columns
    result: false,
    reason: false,
  },
  writes: {
    region: (v) => {
      const r = asArray(v);
      return { province: r[0], city: r[1] ?? null, district: r[2] ?? null };
    },
  },
  filters: {
    region: (w, v) =>
      asArray(v)
        .slice(0, 3)
        .forEach((code, i) => code && w.add((p) => `s.${['province', 'city', 'district'][i]} = ${p(code)}`)),
  },
  // fills in the fresh record the resource layer made for this row (no spread: V8's slow path)
  toRecord: (rec, row) => {
    rec.serviceArea = row.service_area ?? [];
    rec.photos = row.photos ?? [];
    rec.updatedAt = toIso(row.updated_at);
    return rec;
  },
});

export const getStore = (db: Db, id: string | bigint): Promise<StoreRecord> => stores.get(db, id);

export async function storesOfMerchant(db: Db, merchantId: string | bigint): Promise<StoreRecord[]> {
  const w = stores.whereOf({ merchantId: String(merchantId) });
  const r = await db.query(`${stores.selectSql} ${w.sql} ORDER BY s.created_at DESC, s.id DESC`, w.params);
  return r.rows.map((row) => stores.toRecord(row));
}

/** What a store edit may carry (file parts already read as keys); absent keys keep their value. */
export type StoreInput = Omit<StoreEditInput, 'photos'> & { photos?: string[] | null };

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
export async function saveStore(db: Db, input: StoreInput, nextId: () => bigint, scopeMerchantId?: string): Promise<StoreRecord> {
  await stores.check(db, input, !input.id);
  const region = input.region === undefined ? undefined : asArray(input.region);
  const serviceArea = input.serviceArea === undefined ? undefined : normalizeServiceArea(asArray(input.serviceArea));
  const photos = input.photos === undefined ? undefined : input.photos === null ? [] : asArray(input.photos);
  if (region) {
    const bad = checkRegionPath(region, 2);
    // '' is a path of the wrong length: one province alone (or none, or four levels), no code to name
    if (bad === '') throw badField(region.length === 1 ? 'server.store.regionTooShallow' : 'server.validation.region', 'store.region');
    if (bad !== null) throw badField('server.store.badRegion', 'store.region', { code: bad });
  }
  if (serviceArea) {
    const bad = checkServiceArea(serviceArea);
    if (bad !== null) throw badField('server.store.badServiceArea', 'store.serviceArea', { code: bad });
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
          String(id),
          input.merchantId,
          input.name,
          region![0],
          region![1] ?? null,
          region![2] ?? null,
          input.address,
          input.contact,
          input.phone,
          serviceArea!,
          input.businessHours || null,
          photos ?? [],
          input.status ?? 'enabled',
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
    if (merchantChanged) {
      // an order's store belongs to the order's merchant: a store still serving or awaiting the
      // settlement of another merchant's orders keeps that merchant until they are done
      const open = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE store_id = $1 AND status IN ('assigned', 'in_service', 'to_settle')`,
        [input.id],
      );
      const n = Number(open.rows[0]?.n ?? 0);
      if (n > 0) throw conflict('server.store.merchantHasOpenOrders', { field: 'store.merchant', n });
    }
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

export type AuditInput = StoreAuditInput & { operatorId: bigint; nextId: () => bigint };

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
      a.id,
      a.result,
      a.result === 'rejected' ? reason : null,
    ]);
    await tx.query(`INSERT INTO store_audits (id, store_id, result, reason, operator_id) VALUES ($1,$2,$3,$4,$5)`, [
      String(a.nextId()),
      a.id,
      a.result,
      reason,
      String(a.operatorId),
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

/**
 * Options for /dict/store: at most 50, matching name, merchant name or phone. `region` (province,
 * city, district codes): only stores whose service area covers its city or district.
 */
export async function storeOptions(db: Db, f: StoreDictInput, scope: RowRestriction | null = null) {
  const w = new Where();
  const ids = asArray(f.id);
  if (ids.length) w.add((p) => `s.id = ANY(${p(ids)}::int8[])`);
  if (f.keyword)
    w.add((p) => {
      const k = p(likePattern(f.keyword!));
      return `(s.name ILIKE ${k} OR m.name ILIKE ${k} OR s.phone LIKE ${k})`;
    });
  if (f.merchantId) w.add((p) => `s.merchant_id = ${p(f.merchantId)}`);
  if (f.assignable) w.add(assignableSql('s'));
  // The same coverage rule as auto-assign: the service area holds the place's city or its district.
  const areas = asArray(f.region).slice(1).filter(Boolean);
  if (areas.length) w.add((p) => `s.service_area && ${p(areas)}::text[]`);
  const inScope = scopeSql(scope, w.params, 's');
  if (inScope) w.add(inScope);
  const r = await db.query(
    `SELECT s.id, s.name, s.merchant_id, m.name AS merchant_name, s.province, s.city, s.district,
            s.service_area, s.audit_status
     FROM stores s JOIN merchants m ON m.id = s.merchant_id
     ${w.sql}
     ORDER BY s.name, s.id LIMIT 50`,
    w.params,
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
