/**
 * Shop rows → wire records. Tokens never leave the server: they are not even selected.
 */
import { toIso } from '../../core/sql';
import { hasAdapter } from '../../platforms/registry';

export const SHOP_COLUMNS = `s.id, s.merchant_id, m.name AS merchant_name, s.platform, s.platform_shop_id, s.name, s.auth_status,
  s.token_expires_at, s.authorized_at, s.last_sync_at, s.remark, s.unbound_at, s.created_at,
  (SELECT count(*)::int FROM products p WHERE p.shop_id = s.id) AS product_count`;

export interface ShopListRow {
  id: bigint;
  merchant_id: bigint;
  merchant_name: string;
  platform: string;
  platform_shop_id: string;
  name: string;
  auth_status: string;
  token_expires_at: Date | null;
  authorized_at: Date | null;
  last_sync_at: Date | null;
  remark: string | null;
  unbound_at: Date | null;
  created_at: Date;
  product_count: number;
  order_count?: number;
}

export function shopRecord(r: ShopListRow) {
  return {
    id: r.id,
    name: r.name,
    platform: r.platform,
    platformShopId: r.platform_shop_id,
    merchantId: r.merchant_id,
    merchantName: r.merchant_name,
    authStatus: r.auth_status,
    authorizedAt: toIso(r.authorized_at),
    tokenExpiresAt: toIso(r.token_expires_at),
    lastSyncAt: toIso(r.last_sync_at),
    productCount: r.product_count,
    ...(r.order_count !== undefined ? { orderCount: r.order_count } : {}),
    adapterAvailable: hasAdapter(r.platform),
    remark: r.remark,
    unboundAt: toIso(r.unbound_at),
    createdAt: toIso(r.created_at),
  };
}

/** LIKE pattern matching `s` anywhere, with the user's % and _ taken literally. */
