/**
 * Merchants on the resource layer (server/core/resource.ts). Business rules kept here: the name is
 * unique (a clear 400 rather than the index's 409), the settlement account number leaves the server
 * masked as `bankAccountNoMasked` unless the admin's edit form asks for it (getForEdit, edit).
 *
 * @example
 * const page = await merchants.list(db, { name: '洁', current: 1, pageSize: 20 });
 */
import type { Db } from '../../core/contract';
import { badField } from '../../core/http-errors';
import type { ReadOptions } from '../../core/resource';
import { defineResource } from '../../core/resource-write';
import { likePattern, toIso } from '../../core/sql';
import type { MerchantRecord, MerchantShop } from '../../../src/generated/types';
import { maskAccountNo } from './mask';

/** `updatedAt` is no field of the screen, but records have always carried it. */
export type Merchant = MerchantRecord<bigint> & { updatedAt?: string | null };

export const merchants = defineResource<Merchant>({
  name: 'merchant',
  table: 'merchants',
  alias: 'm',
  touch: 'updated_at',
  notFoundKey: 'server.merchant.notFound',
  columns: {
    bankAccountNoMasked: false,
    shopCount: `(SELECT count(*) FROM shops sh WHERE sh.merchant_id = m.id AND sh.auth_status <> 'unbound')`,
    storeCount: `(SELECT count(*) FROM stores st WHERE st.merchant_id = m.id)`,
  },
  filters: {
    name: (w, v: string) =>
      w.add((p) => {
        const x = p(likePattern(v.trim()));
        return `(m.name ILIKE ${x} OR m.short_name ILIKE ${x})`;
      }),
  },
  // The mask travels under its own name, so a record sent back whole can never write it over the number.
  toRecord: ({ bankAccountNo: _, ...rec }, row) => ({ ...rec, bankAccountNoMasked: maskAccountNo(row.bank_account_no), updatedAt: toIso(row.updated_at) }),
});

/** The record with the settlement account number unmasked (the admin's edit form). */
export async function getForEdit(db: Db, id: string | bigint, opts: ReadOptions = {}): Promise<Merchant> {
  const rec = await merchants.get(db, id, opts);
  const r = await db.query<{ n: string | null }>(`SELECT bank_account_no AS n FROM merchants WHERE id = $1`, [String(id)]);
  return { ...rec, bankAccountNo: r.rows[0]?.n ?? null };
}

/** Create (no id) or update the fields sent; the name is unique (trimmed as every one-line text is: core/validation.ts). */
export async function saveMerchant(db: Db, input: Record<string, any>, nextId: () => bigint, opts: ReadOptions = {}): Promise<Merchant> {
  const taken = () => badField('server.merchant.nameTaken', 'merchant.name', { name: input.name });
  try {
    const saved = await db.transaction(async (tx) => {
      if (input.name !== undefined) {
        const dup = await tx.query(`SELECT id FROM merchants WHERE name = $1 AND id <> $2`, [input.name, input.id ?? '0']);
        if (dup.rows[0]) throw taken();
      }
      return merchants.save(tx, input, nextId, opts);
    });
    return getForEdit(db, saved.id!);
  } catch (err) {
    // Two creations racing for the same name: the unique index decides, the loser gets the same message.
    if ((err as { code?: string }).code === '23505' && input.name) throw taken();
    throw err;
  }
}

/** Shops the merchant authorised (read-only here; the merchantAuth module manages them). */
export async function shopsOfMerchant(db: Db, merchantId: string, opts: ReadOptions = {}): Promise<MerchantShop<bigint>[]> {
  await merchants.get(db, merchantId, opts);
  const r = await db.query(
    `SELECT id, platform, platform_shop_id, name, auth_status, authorized_at, token_expires_at, last_sync_at
     FROM shops WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC`,
    [merchantId],
  );
  return r.rows.map((x) => ({
    id: x.id as bigint,
    platform: x.platform as string,
    platformShopId: x.platform_shop_id as string,
    name: x.name as string,
    authStatus: x.auth_status as string,
    authorizedAt: toIso(x.authorized_at),
    tokenExpiresAt: toIso(x.token_expires_at),
    lastSyncAt: toIso(x.last_sync_at),
  }));
}
