/**
 * Watches the fuzz test's database for changes: a row trigger on every table keeps a running
 * checksum of its content — the sum of a hash of every row, plus for an insert, minus for a delete,
 * both for an update — so after any request one small query tells whether a table's rows are still
 * the same multiset (a rolled-back transaction leaves nothing; a row written then removed again, such
 * as an upload undone, nets to zero). Plus full row-count/md5 snapshots, compared around the run.
 *
 * @example
 * const w = await watchWrites(t.db);
 * const before = await w.counts();
 * // ... one request ...
 * const changed = w.diff(before, await w.counts()); // ['orders'] when the orders' rows changed
 */
import type { Db } from '../../core/contract';

export interface Watch {
  tables: string[];
  /** table → running checksum of its rows */
  counts(): Promise<Map<string, string>>;
  /** tables whose checksum moved, minus `allowed` */
  diff(before: Map<string, string>, after: Map<string, string>, allowed?: ReadonlySet<string>): string[];
  /** table → "rows:md5 of its rows" */
  snapshot(): Promise<Map<string, string>>;
}

export async function watchWrites(db: Db): Promise<Watch> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.table_name).filter((t) => t !== 'fuzz_writes' && !t.startsWith('_'));
  await db.query('CREATE TABLE IF NOT EXISTS fuzz_writes (tbl text PRIMARY KEY, n numeric NOT NULL)');
  await db.query(`CREATE OR REPLACE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE d numeric := 0;
    BEGIN
      IF TG_OP <> 'DELETE' THEN d := d + hashtextextended(NEW::text, 13); END IF;
      IF TG_OP <> 'INSERT' THEN d := d - hashtextextended(OLD::text, 13); END IF;
      INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, d) ON CONFLICT (tbl) DO UPDATE SET n = fuzz_writes.n + d;
      RETURN NULL;
    END $$`);
  for (const t of tables) {
    await db.query(`DROP TRIGGER IF EXISTS fuzz_count ON "${t}"`);
    await db.query(`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_count()`);
  }
  return {
    tables,
    async counts() {
      const r = await db.query<{ tbl: string; n: string }>('SELECT tbl, n::text AS n FROM fuzz_writes');
      return new Map(r.rows.map((x) => [x.tbl, x.n]));
    },
    diff(before, after, allowed = new Set()) {
      return [...after].filter(([t, n]) => !allowed.has(t) && (before.get(t) ?? '0') !== n).map(([t]) => t);
    },
    async snapshot() {
      const out = new Map<string, string>();
      for (const t of tables) {
        const r = await db.query<{ n: bigint | number; h: string | null }>(
          `SELECT count(*) AS n, md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))) AS h FROM "${t}" x`,
        );
        out.set(t, `${Number(r.rows[0].n)}:${r.rows[0].h ?? ''}`);
      }
      return out;
    },
  };
}
