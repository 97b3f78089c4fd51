/**
 * Each user's own live-update settings (users.live_updates, users.live_seen_at; migration 078): on or
 * off, and when the user last looked at the new orders. A change is announced on the live channel,
 * so the user's streams on every instance follow it (off: they end; seen: the badge counts again).
 */
import type { Db } from '../../core/contract';
import { notifyLive } from '../../core/live';

export async function liveEnabled(db: Db, userId: bigint): Promise<boolean> {
  const { rows } = await db.query<{ live_updates: boolean }>('SELECT live_updates FROM users WHERE id = $1', [userId]);
  return rows[0]?.live_updates ?? false;
}

export async function setLiveEnabled(db: Db, userId: bigint, enabled: boolean): Promise<{ enabled: boolean }> {
  await db.query('UPDATE users SET live_updates = $2 WHERE id = $1', [userId, enabled]);
  await notifyLive(db, { r: 'user', op: 'settings', id: String(userId), row: { enabled: String(enabled) } });
  return { enabled };
}

export async function markSeen(db: Db, userId: bigint): Promise<void> {
  await db.query('UPDATE users SET live_seen_at = now() WHERE id = $1', [userId]);
  await notifyLive(db, { r: 'user', op: 'seen', id: String(userId) });
}
