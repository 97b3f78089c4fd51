/**
 * Data scope on the server: which rows of a resource the handler's user may reach, from the
 * resource's "scope" declaration (src/schema/scope.ts) and the user's binding (users.store_id /
 * merchant_id, carried by the session). One place to ask, one way to turn the answer into SQL.
 *
 * A row outside the scope is treated as absent: lists and counts leave it out, and a request naming
 * it gets the module's own "not found" answer, exactly as for an id that does not exist.
 * For an unrestricted user (admin, finance, unbound) `scopeOf` returns null and the helpers add
 * nothing to the SQL and run no query.
 *
 * @example
 * const scope = scopeOf(ctx, 'order');                       // null | { field: 'storeId', ids: [S] }
 * const cond = scopeSql(scope, params, 'o');                 // '' | 'o.store_id = $3'
 * await requireInScope(ctx.db, scope, 'orders', id, notFound); // throws notFound() when out of scope
 */
import { rowRestriction, type RowRestriction, type Scope } from '../../src/schema';
import type { Db, HandlerContext } from './contract';
import type { LoadedSchemas } from './schemas';
import { coreState } from './state';

export type { RowRestriction };

const scopeMaps = new WeakMap<LoadedSchemas, Map<string, Scope>>();

function scopesOf(schemas: LoadedSchemas): Map<string, Scope> {
  let m = scopeMaps.get(schemas);
  if (!m) {
    m = new Map(schemas.resources.filter((r) => r.scope).map((r) => [r.name, r.scope!]));
    scopeMaps.set(schemas, m);
  }
  return m;
}

/** The restriction on `resource`'s rows for the handler's user; null: every row (or a public binding). */
export function scopeOf(ctx: Pick<HandlerContext, 'user' | 'req'>, resource: string): RowRestriction | null {
  if (!ctx.user) return null;
  const scopes = scopesOf(coreState(ctx.req).schemas);
  return rowRestriction(ctx.user, resource, (name) => scopes.get(name));
}

const INT8_MAX = 9223372036854775807n;
function isInt8(v: string): boolean {
  return /^\d{1,19}$/.test(v) && BigInt(v) <= INT8_MAX;
}

/**
 * Each resource's table, as its definition names it (server/core/resource.ts registers every
 * resource defined on its own rows, not a shape of another): what a "via" rule's subquery reads.
 */
const resourceTables = new Map<string, string>();

/** Records `resource`'s table; a second definition of the resource on another table is an error. */
export function registerResourceTable(resource: string, table: string): void {
  const had = resourceTables.get(resource);
  if (had !== undefined && had !== table) throw new Error(`resource "${resource}" is defined on two tables: ${had} and ${table}`);
  resourceTables.set(resource, table);
}

/** camelCase field → snake_case column, the naming every table follows. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The SQL condition of a restriction ('' for none), its values appended to `params`. Columns are the
 * fields in snake_case, prefixed by `alias`; a `via` restriction reads the referenced resource's table
 * (its definition's, or `tables`'s: e.g. { order: 'orders' }) and is `col IN (SELECT id FROM <table> WHERE <inner>)`, or
 * `SELECT <table>.<by's column>` with `via.by`. One bound id is an equality, so the column's index serves it.
 */
export function scopeSql(r: RowRestriction | null, params: unknown[], alias = '', tables: Record<string, string> = {}): string {
  if (!r) return '';
  const col = (alias ? `${alias}.` : '') + columnOf(r.field);
  if (r.via) {
    const table = tables[r.via.resource] ?? resourceTables.get(r.via.resource);
    // never a wider scope: a resource whose definition is not loaded is an error
    if (!table) throw new Error(`scopeSql: no table known for resource "${r.via.resource}" (its definition is not loaded)`);
    const inner = scopeSql(r.via.restriction, params, '', tables) || 'TRUE';
    // `by` is qualified: a column the via table lacks is an error, never the outer row's column of that name
    const selected = r.via.by ? `${table}.${columnOf(r.via.by)}` : 'id';
    return `${col} IN (SELECT ${selected} FROM ${table} WHERE ${inner})`;
  }
  if (r.ids.length === 0) return 'FALSE';
  params.push(r.ids.length === 1 ? r.ids[0] : r.ids);
  return r.ids.length === 1 ? `${col} = $${params.length}` : `${col} = ANY($${params.length}::int8[])`;
}

/** `where` ('' or 'WHERE …') with the restriction ANDed in; params appended. */
export function andScope(where: string, r: RowRestriction | null, params: unknown[], alias = '', tables: Record<string, string> = {}): string {
  const cond = scopeSql(r, params, alias, tables);
  if (!cond) return where;
  return where ? `${where} AND ${cond}` : `WHERE ${cond}`;
}

/**
 * Throws `notFound()` unless row `id` of `table` is within the restriction — the same answer the
 * module gives for an id that does not exist. No query when the user is unrestricted.
 */
export async function requireInScope(
  db: Db,
  r: RowRestriction | null,
  table: string,
  id: bigint | string,
  notFound: () => Error,
  tables: Record<string, string> = {},
): Promise<void> {
  if (!r) return;
  if (!isInt8(String(id))) throw notFound(); // cannot name a row; the module's own check answers the same
  const params: unknown[] = [String(id)];
  const cond = scopeSql(r, params, 't', tables);
  const { rows } = await db.query(`SELECT 1 FROM ${table} t WHERE t.id = $1 AND ${cond}`, params);
  if (!rows[0]) throw notFound();
}

/** The one id a restriction allows on its own field (a bound user has one), or null when it is not that simple. */
export function scopedId(r: RowRestriction | null, field: string): bigint | null {
  return r && !r.via && r.field === field && r.ids.length === 1 ? r.ids[0] : null;
}

/** The ids among `ids` (rows of `table`) that are within the restriction — all of them when unrestricted. */
export async function idsInScope(
  db: Db,
  r: RowRestriction | null,
  table: string,
  ids: readonly bigint[],
  tables: Record<string, string> = {},
): Promise<Set<string>> {
  if (!r) return new Set(ids.map(String));
  const params: unknown[] = [ids.map(String).filter(isInt8)];
  const cond = scopeSql(r, params, 't', tables);
  const { rows } = await db.query<{ id: bigint }>(`SELECT t.id FROM ${table} t WHERE t.id = ANY($1::int8[]) AND ${cond}`, params);
  return new Set(rows.map((x) => String(x.id)));
}
