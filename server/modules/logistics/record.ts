/** The logistics_orders row as read (with order no, merchant, creator and latest event) and as sent. */
import { toIso } from '../../core/sql';
export const LOGISTICS_COLUMNS = `
  l.id, l.order_id, l.merchant_id, l.carrier, l.tracking_no, l.status, l.goods, l.receiver_name, l.receiver_phone,
  l.province, l.city, l.district, l.address, l.remark, l.last_event_at, l.cancel_reason, l.cancelled_at,
  l.created_at, l.updated_at, o.order_no, m.name AS merchant_name,
  COALESCE(NULLIF(u.nickname, ''), u.username) AS created_by_name,
  ev.description AS last_event, ev.location AS last_location, ev.status AS last_event_status`;

export const LOGISTICS_FROM = `
  logistics_orders l
  JOIN merchants m ON m.id = l.merchant_id
  LEFT JOIN orders o ON o.id = l.order_id
  LEFT JOIN users u ON u.id = l.created_by
  LEFT JOIN LATERAL (
    SELECT e.description, e.location, e.status FROM logistics_events e
     WHERE e.logistics_id = l.id ORDER BY e.at DESC, e.id DESC LIMIT 1
  ) ev ON true`;

export interface LogisticsRow {
  id: bigint;
  order_id: bigint | null;
  merchant_id: bigint;
  carrier: string;
  tracking_no: string;
  status: string;
  goods: string;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  city: string | null;
  district: string | null;
  address: string;
  remark: string | null;
  last_event_at: Date | null;
  cancel_reason: string | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
  order_no: string | null;
  merchant_name: string;
  created_by_name: string | null;
  last_event: string | null;
  last_location: string | null;
  last_event_status: string | null;
}

/** Wire record; `lastEvent` falls back to the rendered text of a system event with no description. */
export function toRecord(r: LogisticsRow, systemText: (status: string) => string): Record<string, unknown> {
  const lastEvent = r.last_event || (r.last_event_status ? systemText(r.last_event_status) : null);
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    merchantId: r.merchant_id,
    merchantName: r.merchant_name,
    carrier: r.carrier,
    trackingNo: r.tracking_no,
    status: r.status,
    goods: r.goods,
    receiverName: r.receiver_name,
    receiverPhone: r.receiver_phone,
    region: [r.province, r.city, r.district].filter((x): x is string => !!x),
    address: r.address,
    remark: r.remark,
    lastEvent,
    lastEventAt: toIso(r.last_event_at),
    cancelReason: r.cancel_reason,
    cancelledAt: toIso(r.cancelled_at),
    createdByName: r.created_by_name,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}
