/**
 * Carrier pushes (POST /api/delivery/track, public): the body is signed with HMAC-SHA256 over its raw
 * bytes using DELIVERY_SECRET, hex digest in the `x-delivery-signature` header (an optional "sha256="
 * prefix is accepted). Each event is stored once per (shipment, time, status); the status moves by
 * the rules of status.ts.
 *
 * @example
 * const body = JSON.stringify({ carrier: 'SF', trackingNo: 'SF1234567890123', status: 'collected',
 *   time: '2026-11-20T08:00:00+08:00', description: '快件已揽收', location: '杭州市' });
 * fetch('/api/delivery/track', { method: 'POST', headers: { 'content-type': 'application/json',
 *   'x-delivery-signature': signDelivery(body, secret) }, body });
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError, type Db } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import type { LogisticsOrderTrackInput } from '../../../src/generated/types';
import { nextStatus, rank } from './status';

/** Used when DELIVERY_SECRET is unset outside production (documented in README.md); refused in production. */
export const DEV_DELIVERY_SECRET = 'misi-dev-delivery-secret';
export const SIGNATURE_HEADER = 'x-delivery-signature';
/** Clock skew tolerated between a carrier and this server. */
const FUTURE_SLACK_MS = 5 * 60_000;

export function signDelivery(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** The secret in force; throws 503 in production when it is unset or the dev default. */
export function deliverySecret(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.DELIVERY_SECRET?.trim() || DEV_DELIVERY_SECRET;
  if (env.NODE_ENV === 'production' && secret === DEV_DELIVERY_SECRET) {
    throw new HttpError(503, CODES.SERVER_ERROR, 'server.logistics.secretNotConfigured');
  }
  return secret;
}

/** Throws 401 unless `header` is the HMAC-SHA256 of `rawBody` (compared in constant time). */
export function verifySignature(rawBody: string | undefined, header: string | undefined, secret: string): void {
  const given = header
    ?.trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (!given) throw new HttpError(401, CODES.UNAUTHENTICATED, 'server.logistics.signatureMissing');
  const expected = Buffer.from(signDelivery(rawBody ?? '', secret), 'hex');
  const got = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
    throw new HttpError(401, CODES.UNAUTHENTICATED, 'server.logistics.badSignature');
  }
}

/** A carrier's event: the input of POST /delivery/track. */
export type PushEvent = LogisticsOrderTrackInput;

export interface PushResult {
  logisticsId: bigint;
  /** true when this (time, status) was already recorded: nothing changed */
  duplicate: boolean;
  status: string;
}

export async function applyPush(db: Db, ev: PushEvent, deps: { nextId: () => bigint; label: (key: string) => string; now?: Date }): Promise<PushResult> {
  const at = new Date(ev.time);
  const trackingNo = ev.trackingNo.trim().toUpperCase();
  const now = deps.now ?? new Date();
  if (!ev.description.trim()) throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.required', { field: deps.label('logistics.push.description') });
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
    throw new HttpError(400, CODES.BAD_REQUEST, 'server.logistics.futureTime', { time: ev.time });
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: bigint; status: string }>(
      'SELECT id, status FROM logistics_orders WHERE carrier = $1 AND tracking_no = $2 FOR UPDATE',
      [ev.carrier, trackingNo],
    );
    const ship = rows[0];
    const names = { carrier: deps.label(`enum.carrier.${ev.carrier}`), trackingNo };
    if (!ship) throw new HttpError(404, CODES.NOT_FOUND, 'server.logistics.unknownTracking', names);
    if (ship.status === 'cancelled') throw new HttpError(409, CODES.CONFLICT, 'server.logistics.pushCancelled', names);
    const ins = await tx.query(
      `INSERT INTO logistics_events (id, logistics_id, status, description, location, at) VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (logistics_id, at, status) DO NOTHING RETURNING id`,
      [deps.nextId(), ship.id, ev.status, ev.description.trim(), ev.location?.trim() || null, at],
    );
    if (!ins.rows.length) return { logisticsId: ship.id, duplicate: true, status: ship.status };
    // The furthest flow status reached by earlier events (or the status itself).
    const prior = await tx.query<{ status: string }>('SELECT DISTINCT status FROM logistics_events WHERE logistics_id = $1 AND id <> $2', [
      ship.id,
      ins.rows[0].id,
    ]);
    const reached = Math.max(rank(ship.status), ...prior.rows.map((r) => rank(r.status)));
    const status = nextStatus(ship.status, reached, ev.status);
    await tx.query(`UPDATE logistics_orders SET status = $2, last_event_at = GREATEST(COALESCE(last_event_at, $3), $3), updated_at = now() WHERE id = $1`, [
      ship.id,
      status,
      at,
    ]);
    return { logisticsId: ship.id, duplicate: false, status };
  });
}
