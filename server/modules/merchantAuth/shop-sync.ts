/**
 * A shop's product sync with its progress kept on the shop (migration 080): `sync_status`
 * running → done | failed, `sync_done` / `sync_total` after each page, `sync_error` a message key
 * and values (rendered in each reader's locale, shop-resource.ts).
 *
 * A shop just authorised starts one at once in the background (`startShopSync`, from the OAuth
 * callback); the row action 同步商品 runs one and waits for its report (`runShopSync`), and is the
 * retry after a failure. The sync itself is the product module's (`syncProducts`): its lease keeps
 * two syncs of a shop from running together, and a sync refused as busy leaves the running one's
 * progress alone.
 */
import type { Db } from '../../core/contract';
import { HttpError } from '../../core/contract';
import type { PlatformEnv } from '../../platforms/types';
import { platformFailure } from '../../platforms/shop-session';
import { syncProducts, type SyncReport } from '../product';

export interface ShopSyncOptions {
  nextId: () => bigint;
  translate: (key: string, values?: Record<string, string | number>) => string;
  /** products per platform page (the product sync's default otherwise) */
  pageSize?: number;
  /** told after the shop's progress is written (tests watch the shop mid-sync) */
  observe?: (done: number, total: number | null) => Promise<void>;
}

const failure = (key: string, values: Record<string, string | number> = {}) => JSON.stringify({ key, values });

export async function runShopSync(db: Db, env: PlatformEnv, shopId: string, opts: ShopSyncOptions): Promise<SyncReport> {
  let started = false;
  try {
    const report = await syncProducts(db, env, {
      shopId,
      nextId: opts.nextId,
      translate: opts.translate,
      pageSize: opts.pageSize,
      onProgress: async (done, total) => {
        if (!started) {
          started = true;
          await db.query(
            `UPDATE shops SET sync_status = 'running', sync_done = 0, sync_total = NULL, sync_error = NULL, sync_started_at = now() WHERE id = $1`,
            [shopId],
          );
        } else {
          await db.query('UPDATE shops SET sync_done = $2, sync_total = $3 WHERE id = $1', [shopId, done, total]);
        }
        await opts.observe?.(done, total);
      },
    });
    const complete = report.synced === 1 && !report.truncated;
    await db.query('UPDATE shops SET sync_status = $2, sync_error = $3 WHERE id = $1', [
      shopId,
      complete ? 'done' : 'failed',
      complete ? null : failure('server.product.syncOutOfTime'),
    ]);
    return report;
  } catch (e) {
    const err = platformFailure(e, '');
    // Busy: another sync of this shop is running and owns the progress.
    if (!(e instanceof HttpError && e.key === 'server.product.syncBusy')) {
      await db.query(`UPDATE shops SET sync_status = 'failed', sync_error = $2, sync_started_at = COALESCE($3, sync_started_at) WHERE id = $1`, [
        shopId,
        failure(err.key, err.values as Record<string, string | number>),
        started ? null : new Date(),
      ]);
    }
    throw e;
  }
}

/**
 * Starts the sync of a shop just authorised, in the background; the shop shows its progress. The
 * shop reads as syncing before this returns, so the list the console reloads on authorisation
 * already shows it running.
 */
export async function startShopSync(
  db: Db,
  env: PlatformEnv,
  shopId: string,
  opts: ShopSyncOptions,
  log: { warn: (o: object, msg: string) => void },
): Promise<void> {
  await db.query(`UPDATE shops SET sync_status = 'running', sync_done = 0, sync_total = NULL, sync_error = NULL, sync_started_at = now() WHERE id = $1`, [
    shopId,
  ]);
  runShopSync(db, env, shopId, opts).catch((err) => log.warn({ err, shopId }, 'product sync after authorisation failed'));
}
