/** The staff record on the wire: what list, detail, add and edit return. Never the password hash. */
import { toIso } from '../../core/sql';
import type { StaffRecord as GeneratedStaffRecord } from '../../../src/generated/types';

export interface StaffRow {
  id: bigint;
  username: string;
  nickname: string;
  phone: string | null;
  roles: string[];
  store_id: bigint | null;
  store_name?: string | null;
  avatar: string | null;
  enabled: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The generated record plus what the staff screen shows beside its fields. */
export type StaffRecord = GeneratedStaffRecord<bigint> & { storeName: string | null; updatedAt: string };

export function toStaffRecord(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    phone: row.phone,
    roles: (row.roles ?? []) as NonNullable<StaffRecord['roles']>,
    storeId: row.store_id,
    storeName: row.store_name ?? null,
    avatar: row.avatar,
    enabled: row.enabled,
    lastLoginAt: toIso(row.last_login_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
