/** A shipment's tracking events, shaped for the detail's timeline. */
import type { Db } from '../../core/contract';
import { toIso } from '../../core/sql';
import type { LogisticsOrderTrackingEvent } from '../../../src/generated/types';

type Text = (status: string) => string;

interface EventRow {
  id: bigint;
  status: LogisticsOrderTrackingEvent['status'];
  description: string;
  location: string | null;
  at: Date;
  received_at: Date;
}

/**
 * Tracking events, oldest first, shaped for the built-in "timeline" slot: `action` is the status
 * label in the request locale, `operator` the location (or the carrier's name), `remark` the text.
 */
export async function listEvents(db: Db, id: bigint, statusLabel: Text, systemText: Text, carrierName: string): Promise<LogisticsOrderTrackingEvent<bigint>[]> {
  const { rows } = await db.query<EventRow>(
    'SELECT id, status, description, location, at, received_at FROM logistics_events WHERE logistics_id = $1 ORDER BY at, id',
    [id],
  );
  return rows.map((e) => ({
    id: e.id,
    status: e.status,
    action: statusLabel(e.status),
    operator: e.location || carrierName,
    location: e.location,
    remark: e.description || systemText(e.status),
    description: e.description,
    at: toIso(e.at)!,
    receivedAt: toIso(e.received_at)!,
  }));
}
