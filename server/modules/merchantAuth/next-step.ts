/**
 * What a shop's user can do next, from its platform's capabilities and its state — the list's
 * "下一步 / Next step" column; the row actions of schemas/merchantAuth.json are gated on it
 * (`"when": { "nextStep": [...] }`), so the screen hard-codes nothing.
 *
 * With an adapter: authorise (again) when the authorisation is missing, lapsed or about to lapse;
 * else the product sync's state (syncing, failed → retry, never synced → sync); else nothing to do.
 * Without one the console can neither authorise nor sync: the manual path is entering the shop's
 * orders by hand (the "shopOrders" link to the order list filtered by the shop).
 */
import type { MerchantAuthRecord } from '../../../src/generated/types';
import { hasAdapter } from '../../platforms/registry';

/** An authorisation ending within this many days is "expiring" (list filter authExpiring, workbench to-do). */
export const AUTH_EXPIRING_DAYS = 7;

/**
 * SQL (shops alias `s`): authorised, with an expiry within AUTH_EXPIRING_DAYS (or already past) and no
 * refresh token — a shop holding one renews itself whenever it is used (platforms/shop-session.ts).
 */
export const EXPIRING_SQL = `(s.auth_status = 'authorized' AND s.refresh_token IS NULL AND s.token_expires_at IS NOT NULL
  AND s.token_expires_at < now() + interval '${AUTH_EXPIRING_DAYS} days')`;

export type NextStep = NonNullable<MerchantAuthRecord['nextStep']>;

type ShopState = Pick<MerchantAuthRecord<bigint>, 'platform' | 'authStatus' | 'authExpiring' | 'syncStatus' | 'lastSyncAt'>;

export function nextStepOf(s: ShopState): NextStep {
  const adapter = hasAdapter(String(s.platform));
  if (s.authStatus === 'unbound') return adapter ? 'authorize' : 'none';
  if (!adapter) {
    if (s.authStatus === 'pending') return 'manualPending';
    return s.authStatus === 'expired' || s.authExpiring ? 'manualExpired' : 'manualOrders';
  }
  if (s.authStatus !== 'authorized' || s.authExpiring) return 'authorize';
  if (s.syncStatus === 'running') return 'syncing';
  if (s.syncStatus === 'failed') return 'retrySync';
  return s.lastSyncAt ? 'ready' : 'sync';
}
