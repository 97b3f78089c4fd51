import type { SeedDeps } from '../../core/contract';
import { SEED_MERCHANTS } from './merchant-seed-data';

/** Demo merchants (merchant seeds before store). Skipped outside demo mode or when merchants exist. */
export async function seedMerchants({ db, nextId, demo }: SeedDeps): Promise<void> {
  if (!demo) return;
  const existing = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM merchants`);
  if (Number(existing.rows[0].n) > 0) return;
  const day = 86_400_000;
  await db.transaction(async (tx) => {
    for (const m of SEED_MERCHANTS) {
      const at = new Date(Date.now() - m.createdDaysAgo * day - 9 * 3_600_000).toISOString();
      await tx.query(
        `INSERT INTO merchants (id, name, short_name, contact, phone, address, bank_name, bank_account_name,
           bank_account_no, remark, status, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12)`,
        [String(nextId()), m.name, m.shortName, m.contact, m.phone, m.address, m.bankName, m.bankAccountName, m.bankAccountNo, m.remark, m.status, at],
      );
    }
  });
}
