/**
 * Assigning orders to stores. Manual: an approved, enabled store of the order's merchant (and
 * optionally a staff member of that store). Automatic: the least-loaded approved, enabled store of
 * the order's merchant whose service_area holds the order's city or district code; load = its open
 * (assigned + in_service) orders; ties go to the lower store id.
 *
 * Several server instances may run auto-assign at once on one PostgreSQL: the bulk run locks its
 * orders with FOR UPDATE SKIP LOCKED and re-checks "pending" under the lock, so an order is assigned
 * by exactly one of them and the others report it as busy or no longer pending.
 */
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import type { Translate } from './i18n';
import { writeLog, type Actor } from './logs';
import { lockOrder, type OrderRow } from './record';
import { assertCanRun, OPEN_LOAD } from './state-machine';

const SWITCH_KEY = 'orders.autoAssign';

export async function isAutoAssignOn(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM app_config WHERE key = $1', [SWITCH_KEY]);
  return rows[0]?.value === true;
}

export async function setAutoAssign(db: Db, on: boolean, actorId: bigint | null): Promise<void> {
  await db.query(
    `INSERT INTO app_config (key, value, updated_by, updated_at) VALUES ($1, $2::jsonb, $3, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [SWITCH_KEY, JSON.stringify(on), actorId],
  );
}

interface StoreChoice {
  id: bigint;
  name: string;
}

/** The store auto-assign would pick for this order now, or null when none covers it. */
export async function pickStore(db: Db, order: Pick<OrderRow, 'merchant_id' | 'city' | 'district'>): Promise<StoreChoice | null> {
  const areas = [order.city, order.district].filter((x): x is string => !!x);
  if (areas.length === 0) return null;
  const { rows } = await db.query<StoreChoice>(
    `SELECT s.id, s.name
       FROM stores s
      WHERE s.merchant_id = $1 AND s.audit_status = 'approved' AND s.status = 'enabled'
        AND s.service_area && $2::text[]
      ORDER BY (SELECT count(*) FROM orders l WHERE l.store_id = s.id AND l.status = ANY($3::text[])) ASC, s.id ASC
      LIMIT 1`,
    [order.merchant_id, areas, OPEN_LOAD],
  );
  return rows[0] ?? null;
}

/**
 * Assigns an order the caller has locked and found pending. Returns the store, or null when no
 * store covers the order (it stays pending).
 */
export async function autoAssignLocked(tx: Db, nextId: () => bigint, order: OrderRow, actor: Actor): Promise<StoreChoice | null> {
  const store = await pickStore(tx, order);
  if (!store) return null;
  await tx.query(`UPDATE orders SET status = 'assigned', store_id = $2, staff_id = NULL, assigned_at = now(), updated_at = now() WHERE id = $1`, [
    order.id,
    store.id,
  ]);
  await writeLog(tx, nextId, order.id, actor, 'assignAuto', { status: order.status, storeId: order.store_id }, { status: 'assigned', storeId: store.id });
  return store;
}

export interface AssignFailure {
  id: bigint | string;
  orderNo: string | null;
  reason: 'notFound' | 'notPending' | 'busy' | 'noStore';
  message: string;
}

export interface AutoAssignReport {
  requested: number;
  assigned: number;
  assignedIds: bigint[];
  failed: AssignFailure[];
}

/**
 * POST /order/assign/auto: assigns each of the given orders that is pending, in one transaction.
 * Reports how many were assigned and, for every other one, why not.
 */
export async function assignAutoBulk(db: Db, nextId: () => bigint, ids: bigint[], actor: Actor, t: Translate): Promise<AutoAssignReport> {
  const unique = [...new Set(ids.map(String))].map((x) => BigInt(x));
  return db.transaction(async (tx) => {
    const locked = await tx.query<OrderRow>(`SELECT * FROM orders WHERE id = ANY($1::int8[]) AND status = 'pending' ORDER BY id FOR UPDATE SKIP LOCKED`, [
      unique,
    ]);
    const assignedIds: bigint[] = [];
    const failed: AssignFailure[] = [];
    const lockedIds = new Set(locked.rows.map((r) => String(r.id)));
    for (const order of locked.rows) {
      const store = await autoAssignLocked(tx, nextId, order, actor);
      if (store) assignedIds.push(order.id);
      else failed.push({ id: order.id, orderNo: order.order_no, reason: 'noStore', message: t('order.assignResult.noStore') });
    }
    const rest = unique.filter((x) => !lockedIds.has(String(x)));
    if (rest.length > 0) {
      // Not locked by us: absent, no longer pending, or locked right now by another request.
      const { rows } = await tx.query<{ id: bigint; order_no: string; status: string }>('SELECT id, order_no, status FROM orders WHERE id = ANY($1::int8[])', [
        rest,
      ]);
      const found = new Map(rows.map((r) => [String(r.id), r]));
      for (const x of rest) {
        const r = found.get(String(x));
        if (!r) failed.push({ id: x, orderNo: null, reason: 'notFound', message: t('order.assignResult.notFound') });
        else if (r.status !== 'pending') {
          failed.push({
            id: r.id,
            orderNo: r.order_no,
            reason: 'notPending',
            message: t('order.assignResult.notPending', { status: t(`enum.orderStatus.${r.status}`) }),
          });
        } else failed.push({ id: r.id, orderNo: r.order_no, reason: 'busy', message: t('order.assignResult.busy') });
      }
    }
    return { requested: unique.length, assigned: assignedIds.length, assignedIds, failed };
  });
}

/**
 * A staff member an order is given to: one of the store's, and enabled (a disabled account, which
 * the staff picker no longer offers, cannot serve it): 400 / 409 naming them otherwise.
 */
export async function checkStaff(tx: Db, staffId: bigint, storeId: bigint): Promise<void> {
  const { rows } = await tx.query<{ enabled: boolean; name: string }>(
    'SELECT enabled, coalesce(nickname, username) AS name FROM users WHERE id = $1 AND store_id = $2',
    [staffId, storeId],
  );
  if (!rows[0]) throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.staffNotInStore');
  if (!rows[0].enabled) throw new HttpError(409, CODES.CONFLICT, 'server.order.staffDisabled', { name: rows[0].name });
}

/** POST /order/assign/manual */
export async function assignManual(
  db: Db,
  nextId: () => bigint,
  input: { id: bigint; storeId: bigint; staffId: bigint | null; merchantId: bigint | null },
  actor: Actor,
  t: Translate,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (!order) throw new HttpError(404, CODES.NOT_FOUND, 'server.order.notFound');
    assertCanRun('assignManual', order.status, t);
    if (input.merchantId !== null && input.merchantId !== order.merchant_id) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.merchantMismatch');
    }
    const { rows } = await tx.query<{ id: bigint; name: string; merchant_id: bigint; audit_status: string; status: string }>(
      'SELECT id, name, merchant_id, audit_status, status FROM stores WHERE id = $1',
      [input.storeId],
    );
    const store = rows[0];
    if (!store) throw new HttpError(400, CODES.BAD_REQUEST, 'server.order.notFoundRef', { field: t('order.store') });
    if (store.merchant_id !== order.merchant_id || store.audit_status !== 'approved' || store.status !== 'enabled') {
      throw new HttpError(409, CODES.CONFLICT, 'server.order.storeNotUsable', { store: store.name });
    }
    if (input.staffId !== null) await checkStaff(tx, input.staffId, input.storeId);
    await tx.query(`UPDATE orders SET status = 'assigned', store_id = $2, staff_id = $3, assigned_at = now(), updated_at = now() WHERE id = $1`, [
      order.id,
      input.storeId,
      input.staffId,
    ]);
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'assignManual',
      { status: order.status, storeId: order.store_id, staffId: order.staff_id },
      { status: 'assigned', storeId: input.storeId, staffId: input.staffId },
    );
  });
}
