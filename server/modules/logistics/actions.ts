/**
 * Admin actions: register a shipment for an order (receiver defaults from the order) and cancel one
 * that the carrier has not collected yet. Each writes a tracking event so the timeline tells the story.
 */
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import type { LogisticsOrderAddInput } from '../../../src/generated/types';
import { checkRegionPath } from '../store';

export interface Actor {
  id: bigint | null;
}

/** A shipment to register: the input of POST /logisticsOrder/add. */
export type NewShipment = LogisticsOrderAddInput;

/** Orders in these statuses take no more shipments. */
const NOT_SHIPPABLE = ['closed', 'refunded'];

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Inserts a shipment (status created) and its first event. Throws 404 for a missing order, 409 for a
 * closed/refunded order or a tracking number already registered with the carrier.
 */
export async function createShipment(db: Db, s: NewShipment, actor: Actor, deps: { nextId: () => bigint; label: (key: string) => string }): Promise<bigint> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: bigint;
      merchant_id: bigint;
      status: string;
      customer_name: string;
      customer_phone: string;
      province: string;
      city: string | null;
      district: string | null;
      address: string;
    }>('SELECT id, merchant_id, status, customer_name, customer_phone, province, city, district, address FROM orders WHERE id = $1 FOR UPDATE', [
      BigInt(s.orderId),
    ]);
    const order = rows[0];
    if (!order) throw new HttpError(404, CODES.NOT_FOUND, 'server.logistics.orderNotFound');
    if (NOT_SHIPPABLE.includes(order.status)) {
      throw new HttpError(409, CODES.CONFLICT, 'server.logistics.orderNotShippable', { status: deps.label(`enum.orderStatus.${order.status}`) });
    }
    const trackingNo = s.trackingNo.trim().toUpperCase();
    const dup = await tx.query('SELECT 1 FROM logistics_orders WHERE carrier = $1 AND tracking_no = $2', [s.carrier, trackingNo]);
    if (dup.rows.length) {
      throw new HttpError(409, CODES.CONFLICT, 'server.logistics.duplicateTracking', { carrier: deps.label(`enum.carrier.${s.carrier}`), trackingNo });
    }
    if (!blank(s.region) && checkRegionPath(s.region!) !== null) {
      throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.region', { field: 'logistics.region' });
    }
    const region = blank(s.region) ? [order.province, order.city, order.district] : [s.region![0], s.region![1] ?? null, s.region![2] ?? null];
    const id = deps.nextId();
    await tx.query(
      `INSERT INTO logistics_orders (id, order_id, merchant_id, carrier, tracking_no, status, goods, receiver_name, receiver_phone,
         province, city, district, address, remark, last_event_at, created_by)
       VALUES ($1,$2,$3,$4,$5,'created',$6,$7,$8,$9,$10,$11,$12,$13, now(), $14)`,
      [
        id,
        order.id,
        order.merchant_id,
        s.carrier,
        trackingNo,
        s.goods.trim(),
        blank(s.receiverName) ? order.customer_name : s.receiverName!.trim(),
        blank(s.receiverPhone) ? order.customer_phone : s.receiverPhone,
        region[0],
        region[1],
        region[2],
        blank(s.address) ? order.address : s.address!.trim(),
        blank(s.remark) ? null : s.remark!.trim(),
        actor.id,
      ],
    );
    // An empty description is rendered in the reader's language ("logistics.event.created").
    await tx.query(`INSERT INTO logistics_events (id, logistics_id, status, description, at) VALUES ($1, $2, 'created', '', now())`, [deps.nextId(), id]);
    return id;
  });
}

/** Cancels a shipment still awaiting pickup; 404 when absent, 409 in any other status. */
export async function cancelShipment(
  db: Db,
  id: bigint,
  reason: string,
  actor: Actor,
  deps: { nextId: () => bigint; label: (key: string) => string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM logistics_orders WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) throw new HttpError(404, CODES.NOT_FOUND, 'server.logistics.notFound');
    if (rows[0].status !== 'created') {
      throw new HttpError(409, CODES.CONFLICT, 'server.logistics.cannotCancel', { status: deps.label(`enum.logisticsStatus.${rows[0].status}`) });
    }
    await tx.query(
      `UPDATE logistics_orders SET status = 'cancelled', cancel_reason = $2, cancelled_at = now(), cancelled_by = $3,
         last_event_at = now(), updated_at = now() WHERE id = $1`,
      [id, reason, actor.id],
    );
    await tx.query(
      `INSERT INTO logistics_events (id, logistics_id, status, description, at) VALUES ($1, $2, 'cancelled', $3, now())
       ON CONFLICT (logistics_id, at, status) DO NOTHING`,
      [deps.nextId(), id, reason],
    );
  });
}
