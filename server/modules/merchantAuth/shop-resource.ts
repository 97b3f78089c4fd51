/**
 * The shops table as schemas/merchantAuth.json declares it (server/core/resource.ts): filters, sorts,
 * paging and row → record come from the fields. Tokens never leave the server: no field maps them.
 *
 * The product sync's state reads as the user should see it: a 'running' sync whose lease ran out was
 * interrupted (the server stopped) and reads as failed; a failure followed by a good sync (say from
 * the product screen) is over. `syncError` holds a message key and values (shop-sync.ts), rendered
 * in the request's locale by `localised`.
 */
import type { MerchantAuthRecord } from '../../../src/generated/types';
import type { RowRestriction } from '../../core/data-scope';
import { defineResource } from '../../core/resource-write';
import { hasAdapter } from '../../platforms/registry';
import { EXPIRING_SQL, nextStepOf } from './next-step';

export type ShopRecord = MerchantAuthRecord<bigint>;

/** the lease (product sync, 10 minutes) ran out; between its release and the final status, the start time stands in */
const STALE = `(s.sync_status = 'running' AND COALESCE(s.sync_lock_until, s.sync_started_at + interval '10 minutes') < now())`;
const OVER = `(s.sync_status = 'failed' AND s.last_sync_at IS NOT NULL AND s.last_sync_at >= s.sync_started_at)`;
export const INTERRUPTED = JSON.stringify({ key: 'server.merchantAuth.syncInterrupted' });

export const shops = defineResource<ShopRecord>({
  name: 'merchantAuth',
  table: 'shops',
  alias: 's',
  joins: 'JOIN merchants m ON m.id = s.merchant_id',
  columns: {
    merchantName: 'm.name',
    productCount: '(SELECT count(*)::int FROM products p WHERE p.shop_id = s.id)',
    orderCount: false,
    adapterAvailable: false,
    importRange: false,
    nextStep: false,
    authExpiring: EXPIRING_SQL,
    syncStatus: `CASE WHEN ${STALE} THEN 'failed' WHEN ${OVER} THEN 'done' ELSE s.sync_status END`,
    syncError: `CASE WHEN ${STALE} THEN '${INTERRUPTED}' WHEN ${OVER} THEN NULL ELSE s.sync_error END`,
  },
  notFoundKey: 'server.merchantAuth.shopNotFound',
  toRecord: (rec) => ({ ...rec, adapterAvailable: hasAdapter(String(rec.platform)), nextStep: nextStepOf(rec) }),
});

/** The record with its sync failure (a stored message key) in the reader's words. */
export function localised(rec: ShopRecord, t: (key: string, values?: Record<string, string | number>) => string): ShopRecord {
  if (!rec.syncError) return rec;
  try {
    const { key, values } = JSON.parse(rec.syncError) as { key: string; values?: Record<string, string | number> };
    return { ...rec, syncError: t(key, values) };
  } catch {
    return rec; // plain text written before keys were stored
  }
}

/**
 * The shops a user may manage (authorise, unbind, import trades, sync products): those whose
 * merchant is within its scope of merchants (`scopeOf(ctx, 'merchant')`) — managing a shop acts for
 * its merchant. A store-bound user sees its merchant's shops but manages none; a merchant-bound user
 * manages its merchant's; null (unrestricted): every shop.
 */
export function manageScope(merchants: RowRestriction | null): RowRestriction | null {
  return merchants && { field: 'merchantId', ids: [], via: { resource: 'merchant', restriction: merchants } };
}
