/**
 * Non-money order actions: edit, create work order, remark, close. Each runs in one transaction
 * with the order row locked, checks the state machine, changes the row and writes one log row.
 */
import type { OrderEditInput, OrderWorkOrderInput } from '../../../src/generated/types';
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import { checkStaff } from './assign';
import { checkRegion } from './create';
import type { Translate } from './i18n';
import { writeLog, type Actor } from './logs';
import { lockOrder, regionOf, type OrderRow } from './record';
import { assertCanRun, type OrderAction } from './state-machine';

export interface ActionDeps {
  db: Db;
  nextId: () => bigint;
  actor: Actor;
  t: Translate;
}

/** Locks the order, 404 when absent, 409 when its status does not allow the action. */
export async function lockFor(tx: Db, id: bigint, action: OrderAction, t: Translate): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!order) throw new HttpError(404, CODES.NOT_FOUND, 'server.order.notFound');
  assertCanRun(action, order.status, t);
  return order;
}

/** The edit binding's fields with the id parsed, cleared fields as undefined (kept) and files as keys. */
export type EditInput = { [K in Exclude<keyof OrderEditInput, 'id' | 'attachments' | 'remark'>]?: NonNullable<OrderEditInput[K]> } & {
  id: bigint;
  remark?: string | null;
  attachments?: string[];
};

export async function editOrder({ db, nextId, actor, t }: ActionDeps, input: EditInput): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'edit', t);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const sets: string[] = [];
    const params: unknown[] = [order.id];
    const set = (col: string, key: string, oldV: unknown, newV: unknown) => {
      if (JSON.stringify(oldV) === JSON.stringify(newV)) return;
      before[key] = oldV;
      after[key] = newV;
      params.push(newV);
      sets.push(`${col} = $${params.length}`);
    };
    if (input.customerName !== undefined) set('customer_name', 'customerName', order.customer_name, input.customerName);
    if (input.customerPhone !== undefined) set('customer_phone', 'customerPhone', order.customer_phone, input.customerPhone);
    if (input.address !== undefined) set('address', 'address', order.address, input.address);
    if (input.remark !== undefined) set('remark', 'remark', order.remark, input.remark);
    if (input.attachments !== undefined) set('attachments', 'attachments', order.attachments ?? [], input.attachments);
    if (input.region !== undefined) {
      const [p, c, d] = checkRegion(input.region);
      if (JSON.stringify(regionOf(order)) !== JSON.stringify(input.region)) {
        before.region = regionOf(order);
        after.region = input.region;
        params.push(p, c, d);
        sets.push(`province = $${params.length - 2}`, `city = $${params.length - 1}`, `district = $${params.length}`);
      }
    }
    if (sets.length === 0) return; // nothing changed: no write, no log
    await tx.query(`UPDATE orders SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    await writeLog(tx, nextId, order.id, actor, 'edit', before, after);
  });
}

export type WorkOrderInput = Omit<OrderWorkOrderInput, 'id' | 'staffId' | 'notes'> & { id: bigint; staffId: bigint | null; notes: string | null };

export async function createWorkOrder({ db, nextId, actor, t }: ActionDeps, input: WorkOrderInput): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'workOrder', t);
    if (order.store_id === null) throw new HttpError(409, CODES.CONFLICT, 'server.order.noStore');
    const staffId = input.staffId ?? order.staff_id;
    if (input.staffId !== null) await checkStaff(tx, input.staffId, order.store_id);
    const workOrderId = nextId();
    await tx.query(`INSERT INTO work_orders (id, order_id, type, appointment_at, staff_id, notes, created_by) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      workOrderId,
      order.id,
      input.workOrderType,
      input.appointmentAt,
      staffId,
      input.notes,
      actor.id ?? 0n,
    ]);
    await tx.query(`UPDATE orders SET status = 'in_service', staff_id = $2, updated_at = now() WHERE id = $1`, [order.id, staffId]);
    await writeLog(
      tx,
      nextId,
      order.id,
      actor,
      'workOrder',
      { status: order.status, staffId: order.staff_id },
      { status: 'in_service', staffId, workOrderType: input.workOrderType, appointmentAt: input.appointmentAt },
      input.notes,
    );
  });
}

export async function addRemark({ db, nextId, actor, t }: ActionDeps, input: { id: bigint; remark: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'remark', t);
    await tx.query('UPDATE orders SET remark = $2, updated_at = now() WHERE id = $1', [order.id, input.remark]);
    await writeLog(tx, nextId, order.id, actor, 'remark', { remark: order.remark }, { remark: input.remark }, input.remark);
  });
}

export async function closeOrder({ db, nextId, actor, t }: ActionDeps, input: { id: bigint; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockFor(tx, input.id, 'close', t);
    await tx.query(`UPDATE orders SET status = 'closed', close_reason = $2, closed_at = now(), updated_at = now() WHERE id = $1`, [order.id, input.reason]);
    await tx.query(`UPDATE work_orders SET status = 'cancelled' WHERE order_id = $1 AND status = 'open'`, [order.id]);
    // The reason is the log row's remark (shown once), not also a changed value.
    await writeLog(tx, nextId, order.id, actor, 'close', { status: order.status }, { status: 'closed' }, input.reason);
  });
}
