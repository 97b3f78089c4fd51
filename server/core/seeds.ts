/**
 * First-start seeding: when the database has no users, every module's `seed` runs in module order,
 * all in one transaction (a failed seed leaves nothing half-made) under an advisory lock on
 * PostgreSQL, so instances starting together seed once.
 *
 * @example
 * const seeded = await runSeeds(db, modules, { nextId, demo: !config.production });
 */
import type { ServerModule } from './contract';
import type { SqlDb } from './db';

export async function runSeeds(
  db: SqlDb,
  modules: ServerModule[],
  deps: { nextId: () => bigint; demo: boolean; options?: Record<string, unknown> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtext('seed:' || current_schema())::int8)");
    const { rows } = await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM users');
    if (Number(rows[0].n) > 0) return false;
    for (const m of modules) {
      if (!m.seed) continue;
      try {
        await m.seed({ db: tx, nextId: deps.nextId, demo: deps.demo, options: deps.options });
      } catch (err) {
        throw new Error(`seed of module "${m.resource}" failed: ${(err as Error).message}`, { cause: err });
      }
    }
    return true;
  });
}
