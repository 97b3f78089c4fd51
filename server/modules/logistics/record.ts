/**
 * The shipment as the resource layer reads it (server/core/resource.ts, from
 * schemas/logisticsOrder.json's fields): its order no, merchant, creator and latest tracking event are
 * read for the page's rows only (`pageFirst`); search by tracking no (upper-cased), order no, receiver
 * name and phone is a prefix match; the newest first.
 */
import { defineResource } from '../../core/resource-write';
import { likePrefix } from '../../core/sql';
import type { LogisticsOrderRecord } from '../../../src/generated/types';
import { regionLabelOf } from '../store';

/**
 * A record as read, before its system event text is rendered in the reader's language (`localized`);
 * `regionName`: the region's names, as the list shows them (the order list sends its own the same way).
 */
type ShipmentRow = LogisticsOrderRecord<bigint> & { lastEventStatus?: string | null; regionName?: string | null };

export const shipments = defineResource<ShipmentRow>({
  name: 'logisticsOrder',
  table: 'logistics_orders',
  alias: 'l',
  joins: `JOIN merchants m ON m.id = l.merchant_id
    LEFT JOIN orders o ON o.id = l.order_id
    LEFT JOIN users u ON u.id = l.created_by
    LEFT JOIN LATERAL (
      SELECT e.description, e.location, e.status FROM logistics_events e
       WHERE e.logistics_id = l.id ORDER BY e.at DESC, e.id DESC LIMIT 1
    ) ev ON true`,
  columns: {
    orderNo: 'o.order_no',
    merchantName: 'm.name',
    createdByName: `COALESCE(NULLIF(u.nickname, ''), u.username)`,
    lastEvent: 'ev.description',
    region: 'array_remove(ARRAY[l.province, l.city, l.district], NULL)',
    reason: false,
  },
  selects: { lastEventStatus: 'ev.status' },
  pageFirst: true,
  prefixSearch: ['receiverName', 'receiverPhone'],
  filters: {
    trackingNo: (w, v: string, a) => w.add((p) => `${a}.tracking_no LIKE ${p(likePrefix(v.trim().toUpperCase()))}`),
    orderNo: (w, v: string, a) => w.add((p) => `${a}.order_id IN (SELECT id FROM orders WHERE order_no LIKE ${p(likePrefix(v.trim()))})`),
  },
  notFoundKey: 'server.logistics.notFound',
  // fills in the fresh record the resource layer made for this row (no spread: V8's slow path)
  toRecord: (r, row) => {
    r.region = (r.region ?? []).filter(Boolean);
    r.regionName = regionLabelOf(r.region);
    r.lastEventStatus = row.lastEventStatus ?? null;
    return r;
  },
});

/** The wire record: `lastEvent` falls back to the rendered text of a system event with no description. */
export function localized({ lastEventStatus, ...r }: ShipmentRow, systemText: (status: string) => string): LogisticsOrderRecord<bigint> {
  return { ...r, lastEvent: r.lastEvent || (lastEventStatus ? systemText(lastEventStatus) : null) };
}
