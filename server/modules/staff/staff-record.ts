/** The staff record on the wire: what list, detail, add and edit return. Never the password hash. */

export interface StaffRow {
  id: bigint;
  username: string;
  nickname: string;
  phone: string | null;
  roles: string[];
  store_id: bigint | null;
  store_name?: string | null;
  merchant_id?: bigint | null;
  merchant_name?: string | null;
  avatar: string | null;
  enabled: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface StaffRecord {
  id: bigint;
  username: string;
  nickname: string;
  phone: string | null;
  roles: string[];
  storeId: bigint | null;
  storeName: string | null;
  merchantId: bigint | null;
  merchantName: string | null;
  avatar: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toIso(v: Date | string | null | undefined): string | null {
  if (v == null) return null;
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}

export function toStaffRecord(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    phone: row.phone,
    roles: row.roles ?? [],
    storeId: row.store_id,
    storeName: row.store_name ?? null,
    merchantId: row.merchant_id ?? null,
    merchantName: row.merchant_name ?? null,
    avatar: row.avatar,
    enabled: row.enabled,
    lastLoginAt: toIso(row.last_login_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
