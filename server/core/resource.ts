/**
 * The resource layer: a table read and written as the schema's fields say. From `schemas/<name>.json`
 * it derives the column of each field (snake_case, or an override), the list filters (each field's
 * `search` mode), the sort whitelist (`sortable` fields), paging and counts, the row → record mapping
 * (64-bit ids as bigint, money as decimal strings, timestamps ISO) and create vs update (required on
 * create, partial on update — resource-write.ts). A plain CRUD module is a `defineResource` call and a
 * handler per binding; business rules stay in the module.
 *
 * A row restriction (data scope) is one optional `scope` in the options of every read and write: it
 * adds its condition to the one WHERE clause each statement is built from (`whereOf`).
 *
 * @example
 * const merchants = defineResource<MerchantRecord<bigint>>({
 *   name: 'merchant', table: 'merchants', alias: 'm',
 *   computed: { storeCount: '(SELECT count(*) FROM stores st WHERE st.merchant_id = m.id)' },
 * });
 * const page = await merchants.list(db, { name: '洁', current: 1 });
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isShapeBaseType, parseShapeType, searchesByPart, type AnyField, type Field, type Resource } from '../../src/schema';
import type { Db } from './contract';
import { registerResourceTable, scopeSql, type RowRestriction } from './data-scope';
import { badField, notFound } from './http-errors';
import { SCHEMAS_DIR } from './paths';
import { fastCount } from './row-estimate';
import { likePattern, likePrefix, toDate, toIso, Where } from './sql';

type Row = Record<string, any>;

/** Adds a row restriction to a statement's WHERE clause; `alias` is the table's alias. */
export type RowScope = (where: Where, alias: string) => void;

export interface ReadOptions {
  scope?: RowScope;
}

/** A data-scope restriction (server/core/data-scope.ts, `scopeOf(ctx, resource)`) as the read options' scope. */
export function scoped(r: RowRestriction | null, tables: Record<string, string> = {}): ReadOptions {
  if (!r) return {};
  return {
    scope: (where, alias) => {
      const sql = scopeSql(r, where.params, alias, tables);
      if (sql) where.add(sql);
    },
  };
}

export interface Page<R> {
  list: R[];
  total: number;
  current: number;
  pageSize: number;
  /** false when `total` is the planner's estimate (a resource with `count: 'estimated'`) */
  totalExact?: boolean;
  /** only when the input asked for keyset paging (`KEYSET`): where the next page starts, null after the last */
  [KEYSET]?: KeysetCursor | null;
}

/**
 * A reader of every row of a list (the core's export) puts `{ [KEYSET]: … }` in the list's input; a
 * list handler passing its input to `list` as it came (spreads keep it) then pages by keyset — rows
 * after the last one read, in the list's order — instead of OFFSET, whose cost grows with every page.
 * Symbol-keyed: no request can send it, and JSON never carries it. A list that cannot (a custom
 * `defaultSort`, a sort field of a type without a plain order) answers without `[KEYSET]` on its page,
 * and the reader falls back to OFFSET.
 */
export const KEYSET = Symbol('keyset');

/** The last row read: its sort key and id as the database prints them (a timestamp keeps its microseconds). */
export interface KeysetCursor {
  key: string | null;
  id: string;
}

export interface KeysetRead {
  /** null: the first page */
  after: KeysetCursor | null;
  /** rows per page (beyond the 200 a browser may ask for; at most 5,000) */
  size: number;
  /** false: the page's total is not counted (left 0) — a reader needs it once */
  count: boolean;
}

/** Field types a keyset can follow: the type the sort key's text is read back as (ids are int8). */
const KEYSET_CAST: Partial<Record<string, string>> = {
  string: 'text',
  text: 'text',
  phone: 'text',
  enum: 'text',
  number: 'numeric',
  integer: 'int8',
  money: 'numeric',
  bigint: 'int8',
  date: 'date',
  datetime: 'timestamptz',
};

export interface ResourceOptions<R> {
  /** the schema resource: schemas/<name>.json */
  name: string;
  /** where its schema file is (default schemas/; core tests use fixtures) */
  schemasDir?: string;
  /**
   * A sub-resource shown inside the resource (a product's SKUs): its fields are the properties of this
   * shape of the schema file (`shapes.sku`), each base type read as a field of that type and a
   * property naming a field of the file as that field (lists and nested shapes are no column).
   */
  shape?: string;
  /** search modes of fields that declare none (a shape's properties): filters derived as from a field's own `search` */
  search?: Record<string, Field['search']>;
  table: string;
  /** the table's alias in every statement (default 't') */
  alias?: string;
  /** joins after `FROM table alias` in reads, for columns of other tables */
  joins?: string;
  /** joins the count needs (default: `joins`); '' when they cannot change the number of rows (a LEFT JOIN, a foreign key) */
  countJoins?: string;
  /**
   * Per-field overrides: a SQL expression read for the field (its own column by default), or
   * `false` for a field that is no column (filled in by `toRecord`).
   */
  columns?: Record<string, string | false>;
  /** per-field filters replacing the one derived from the field's search mode */
  filters?: Record<string, (where: Where, value: any, alias: string) => void>;
  /** text fields searched by prefix (`LIKE 'x%'`, served by a text_pattern_ops index) rather than by substring */
  prefixSearch?: string[];
  /** dict fields whose values are 64-bit ids: searched values are checked as ids (400, never a 500) and read exactly */
  idFields?: string[];
  /** `<field>Name` labels of dict/ref fields sent with each record, each a SQL expression (e.g. a scalar subquery) */
  labels?: Record<string, string>;
  /** further SQL expressions read for `toRecord` only (the row carries them under these names) */
  selects?: Record<string, string>;
  /**
   * 'estimated': a list's total and `countBy` are exact up to 10,000 rows and the planner's estimate
   * beyond (row-estimate.ts; the page says `totalExact: false`) — for tables of millions of rows.
   */
  count?: 'exact' | 'estimated';
  /**
   * The page is cut from the table alone in an inner query, then the overrides, labels and joins are
   * read for its rows only (not for the rows OFFSET skips); counts read the table alone. Filters and
   * sort must use own columns.
   */
  pageFirst?: boolean;
  /** each page row travels as one JSON array built by the database (one field per row: cheap for the drivers to parse) */
  jsonRows?: boolean;
  /** list order when no sortField is asked (default: createdAt, then id, descending); a sortField that is no `sortable` field is a 400 naming it */
  defaultSort?: string;
  /** rows without a value of the sort field come last in either direction */
  nullsLast?: boolean;
  /** message key of the 404 (default 'server.recordNotFound'); `{id}` is the id asked for */
  notFoundKey?: string;
  /** completes a record from its row (names, masked values); the record is fresh, so it may be filled in place */
  toRecord?: (record: R, row: Row) => R;
}

const schemaCache = new Map<string, Resource>();

/** How a read value travels in a JSON row: ids and money as text (exact), the rest as JSON gives it. */
type JsonKind = 'id' | 'text' | 'plain';

/** The resource declared in <dir>/<name>.json (read once). */
export function resourceSchema(name: string, dir = SCHEMAS_DIR): Resource {
  const file = join(dir, `${name}.json`);
  let r = schemaCache.get(file);
  if (!r) {
    r = JSON.parse(readFileSync(file, 'utf8')) as Resource;
    schemaCache.set(file, r);
  }
  return r;
}

/**
 * The resource with the fields of one of its shapes (a sub-resource) and further search modes. A shape
 * property is a base type or a field of the file; its title, for messages, is `<resource>.<shape>.<property>`.
 */
function withFields(file: Resource, shape: string | undefined, search: Record<string, Field['search']> = {}): Resource {
  let fields: Record<string, AnyField> = file.fields ?? {};
  if (shape) {
    const props = file.shapes?.[shape];
    if (!props) throw new Error(`resource "${file.name}": no shape "${shape}"`);
    fields = {};
    for (const [name, t] of Object.entries(props)) {
      const { name: type, list } = parseShapeType(t);
      const own = file.fields?.[type];
      if (list || type === 'json' || (!own && !isShapeBaseType(type))) continue;
      fields[name] = own ?? ({ type, title: `${file.name}.${shape}.${name}` } as Field);
    }
  }
  const searched = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, name in search ? { ...f, search: search[name] } : f]));
  return { ...file, fields: searched as Resource['fields'] };
}

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value read from the database as the wire wants it, by the field's type. */
export function fromColumn(field: AnyField, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (field.type) {
    case 'bigint':
      return typeof v === 'bigint' ? v : BigInt(v as string);
    case 'integer':
    case 'number':
      return Number(v);
    case 'money':
      return String(v);
    case 'datetime':
      return toIso(v);
    case 'date':
      return toDate(v);
    default:
      return v;
  }
}

export class ResourceTable<R extends object> {
  readonly schema: Resource;
  readonly alias: string;
  readonly fields: [string, AnyField][];
  /** read expression of every field that is a column (or an override) */
  private readonly reads = new Map<string, string>();
  /** reads beyond the fields' own columns: overrides, labels (`<field>Name`), selects — [name, SQL] */
  private readonly extraReads: [string, string][] = [];
  /** the JSON row's items: [name, SQL, kind] */
  private readonly jsonReads: [string, string, JsonKind][] = [];
  /** `<field>Name` of every label */
  private readonly labelNames: string[];

  constructor(readonly options: ResourceOptions<R>) {
    // the resource's own rows (a shape is another table's rows): the table a "via" scope rule reads
    if (!options.shape) registerResourceTable(options.name, options.table);
    const file = resourceSchema(options.name, options.schemasDir);
    this.schema = options.shape || options.search ? withFields(file, options.shape, options.search) : file;
    this.alias = options.alias ?? 't';
    this.fields = Object.entries(this.schema.fields ?? {});
    for (const [name, field] of this.fields) {
      const o = options.columns?.[name];
      if (o === false) continue;
      const sql = o ?? `${this.alias}.${snakeCase(name)}`;
      this.reads.set(name, sql);
      if (o !== undefined) this.extraReads.push([name, o]);
      if (!field.writeOnly) this.jsonReads.push([name, sql, this.isId(name) ? 'id' : field.type === 'money' ? 'text' : 'plain']);
    }
    this.labelNames = Object.keys(options.labels ?? {}).map((name) => `${name}Name`);
    for (const [name, sql] of Object.entries(options.labels ?? {})) {
      this.extraReads.push([`${name}Name`, sql]);
      this.jsonReads.push([`${name}Name`, sql, 'plain']);
    }
    for (const [name, sql] of Object.entries(options.selects ?? {})) {
      this.extraReads.push([name, sql]);
      this.jsonReads.push([name, sql, 'plain']);
    }
  }

  /** A field whose values are 64-bit ids (bigint, a ref to an id, or listed in `idFields`). */
  isId(name: string): boolean {
    const f = this.schema.fields?.[name];
    return !!f && (isIdField(f) || !!this.options.idFields?.includes(name));
  }

  /** `FROM table alias <joins>` */
  get fromSql(): string {
    return `${this.options.table} ${this.alias} ${this.options.joins ?? ''}`.trimEnd();
  }

  /** What counts read: the table alone when filters use own columns only (`pageFirst`), else with the joins the count needs. */
  private get countFrom(): string {
    if (this.options.pageFirst) return `${this.options.table} ${this.alias}`;
    return `${this.options.table} ${this.alias} ${this.options.countJoins ?? this.options.joins ?? ''}`.trimEnd();
  }

  /** The select list: `alias.*` and the extra reads, or one JSON array per row (`jsonRows`). */
  selectList(json = false): string {
    if (json) {
      const items = this.jsonReads.map(([, sql, kind]) => (kind === 'plain' ? sql : `(${sql})::text`));
      return `json_build_array(${items.join(', ')})::text AS r`;
    }
    return [`${this.alias}.*`, ...this.extraReads.map(([n, e]) => `${e} AS "${n}"`)].join(', ');
  }

  /** A JSON row (`jsonRows`) back to the row `toRecord` reads: ids as bigint, money as decimal text. */
  private fromJsonRow(text: string): Row {
    const values = JSON.parse(text) as unknown[];
    const reads = this.jsonReads;
    const row: Row = {};
    for (let i = 0; i < reads.length; i++) {
      const v = values[i];
      row[reads[i][0]] = v === null || v === undefined ? null : reads[i][2] === 'id' ? BigInt(v as string) : v;
    }
    return row;
  }

  /** The field's own column in the table, or undefined when it has none (false or an expression). */
  columnOf(name: string): string | undefined {
    const o = this.options.columns?.[name];
    return o === undefined && this.schema.fields?.[name] ? snakeCase(name) : undefined;
  }

  /** `SELECT alias.*, <overrides, labels, selects> FROM table alias <joins>` */
  get selectSql(): string {
    return `SELECT ${this.selectList(false)} FROM ${this.fromSql}`;
  }

  /** The WHERE clause of the search params in `input` plus the row restriction. */
  whereOf(input: Record<string, any>, opts: ReadOptions = {}, where = new Where()): Where {
    for (const [name, field] of this.fields) {
      const custom = this.options.filters?.[name];
      const mode = field.search;
      if (!custom && (mode === undefined || mode === false)) continue;
      const col = this.reads.get(name);
      if (mode === 'range') {
        const from = input[`${name}From`];
        const to = input[`${name}To`];
        if (custom) {
          if (from !== undefined || to !== undefined) custom(where, { from, to }, this.alias);
          continue;
        }
        if (present(from)) where.add((p) => `${col} >= ${p(from)}`);
        if (present(to)) where.add((p) => `${col} <= ${p(to)}`);
        continue;
      }
      const v = input[name];
      if (!present(v)) continue;
      // ref/dict inputs are validated as option values, not ids: a non-number here would be a 500 in SQL
      if (this.isId(name) && [v].flat().some((x) => !ID.test(String(x).trim()))) throw badField('server.validation.id', field.title ?? name);
      if (custom) custom(where, v, this.alias);
      else if (field.multiple)
        where.add((p) => `${col} && ${p([v].flat())}`); // holds any of the values
      else if (Array.isArray(v)) where.add((p) => `${col} = ANY(${p(v)})`);
      else if (this.options.prefixSearch?.includes(name)) where.add((p) => `${col} LIKE ${p(likePrefix(String(v).trim()))}`);
      else if (searchesByPart(field)) where.add((p) => `${col} ILIKE ${p(likePattern(String(v).trim()))}`);
      else where.add((p) => `${col} = ${p(v)}`);
    }
    opts.scope?.(where, this.alias);
    return where;
  }

  /** ORDER BY of the input's sortField/sortOrder when the field is sortable, else the default order. */
  orderOf(input: Record<string, any>): string {
    const s = this.sortOf(input);
    if (typeof s === 'string') return s;
    const id = `${this.alias}.id ${s.dir}`;
    return s.col ? `${s.col} ${s.dir}${s.nullsLast ? ' NULLS LAST' : ''}, ${id}` : id;
  }

  /** The list's order: a sort expression (or none: by id alone) then the id, one direction; or the resource's own `defaultSort`. */
  private sortOf(input: Record<string, any>): { col: string | null; field: string | null; dir: 'ASC' | 'DESC'; nullsLast: boolean } | string {
    const dir = input.sortOrder === 'ascend' ? 'ASC' : 'DESC';
    const f = typeof input.sortField === 'string' ? this.schema.fields?.[input.sortField] : undefined;
    if (f?.sortable && this.reads.has(input.sortField))
      return { col: this.reads.get(input.sortField)!, field: input.sortField, dir, nullsLast: !!this.options.nullsLast };
    if (present(input.sortField)) throw badField('server.sortField', 'server.param.sortField', { value: String(input.sortField) });
    if (this.options.defaultSort) return this.options.defaultSort;
    const created = this.reads.get('createdAt');
    return { col: created ?? null, field: created ? 'createdAt' : null, dir: 'DESC', nullsLast: false };
  }

  /**
   * Keyset paging of `list` (`KEYSET`): the condition "after the cursor" in the list's order, and the
   * select items that read the next cursor; undefined when the order allows none (then OFFSET).
   */
  private keysetOf(input: Record<string, any>, where: Where, after: KeysetCursor | null): { order: string; reads: string } | undefined {
    const s = this.sortOf(input);
    if (typeof s === 'string') return undefined;
    const cast = s.field ? KEYSET_CAST[this.schema.fields![s.field].type] : 'int8';
    if (!cast) return undefined;
    const a = this.alias;
    const cmp = s.dir === 'DESC' ? '<' : '>';
    // PostgreSQL's default: NULLs sort as the largest value (first when descending)
    const nullsFirst = s.dir === 'DESC' && !s.nullsLast;
    if (after) {
      const c = s.col;
      where.add((p) => {
        const id = () => `${a}.id ${cmp} ${p(after.id)}::int8`;
        if (!c) return id();
        if (after.key === null) return nullsFirst ? `((${c} IS NULL AND ${id()}) OR ${c} IS NOT NULL)` : `(${c} IS NULL AND ${id()})`;
        // a row comparison: served by an index on (column, id)
        const past = `(${c}, ${a}.id) ${cmp} (${p(after.key)}::${cast}, ${p(after.id)}::int8)`;
        return nullsFirst ? past : `(${past} OR ${c} IS NULL)`;
      });
    }
    return { order: this.orderOf(input), reads: `${s.col ? `(${s.col})::text` : 'NULL'} AS "keyset_key", ${a}.id::text AS "keyset_id"` };
  }

  /**
   * The fields a record carries, worked out once: [name, its column in a `selectSql` row, the field].
   * A list converts every field of every row, so nothing is looked up per row.
   */
  private get recordPlan(): [string, string, AnyField][] {
    return (this.plan ??= this.fields
      .filter(([name, field]) => !field.writeOnly && this.reads.has(name))
      .map(([name, field]) => [name, snakeCase(name), field]));
  }
  private plan?: [string, string, AnyField][];

  toRecord(row: Row): R {
    const rec: Record<string, unknown> = {};
    for (const [name, column, field] of this.recordPlan) rec[name] = fromColumn(field, name in row ? row[name] : row[column]);
    for (const name of this.labelNames) rec[name] = row[name] ?? null;
    return this.options.toRecord ? this.options.toRecord(rec as R, row) : (rec as R);
  }

  /**
   * One page and the total: two statements side by side (a pool runs them at once). With `pageFirst`
   * the page is cut in an inner query; with `count: 'estimated'` the total may be an estimate.
   */
  async list(db: Db, input: Record<string, any>, opts: ReadOptions = {}): Promise<Page<R>> {
    const current = Math.max(1, Number(input.current ?? 1)) || 1;
    const asked = (input as { [KEYSET]?: KeysetRead })[KEYSET];
    const where = this.whereOf(input, opts);
    const countWhere = { sql: where.sql, params: [...where.params] };
    const keyset = asked && this.keysetOf(input, where, asked.after);
    const pageSize = keyset ? Math.min(5000, Math.max(1, asked!.size)) : Math.min(200, Math.max(1, Number(input.pageSize ?? 20))) || 20;
    const limit = keyset ? `LIMIT ${where.param(pageSize)}` : `LIMIT ${where.param(pageSize)} OFFSET ${where.param((current - 1) * pageSize)}`;
    const order = keyset?.order ?? this.orderOf(input);
    const json = !!this.options.jsonRows;
    const a = this.alias;
    const select = keyset ? `${this.selectList(json)}, ${keyset.reads}` : this.selectList(json);
    const sql = this.options.pageFirst
      ? `SELECT ${select} FROM (SELECT * FROM ${this.options.table} ${a} ${where.sql} ORDER BY ${order} ${limit}) ${a} ${this.options.joins ?? ''} ORDER BY ${order}`
      : `SELECT ${select} FROM ${this.fromSql} ${where.sql} ORDER BY ${order} ${limit}`;
    const counted = !keyset || asked!.count;
    const [rows, total] = await Promise.all([db.query<Row>(sql, where.params), counted ? this.total(db, countWhere) : { n: 0, exact: false }]);
    const list = rows.rows.map((r) => this.toRecord(json ? this.fromJsonRow(r.r) : r));
    const page: Page<R> = { list, total: total.n, current, pageSize };
    if (this.options.count === 'estimated' && counted) page.totalExact = total.exact;
    if (keyset) {
      const last = rows.rows[rows.rows.length - 1];
      page[KEYSET] = rows.rows.length < pageSize ? null : { key: last.keyset_key ?? null, id: String(last.keyset_id) };
    }
    return page;
  }

  /** Every row matching `input` (search params and scope), in the default order: a sub-resource shown whole (a product's SKUs). */
  async all(db: Db, input: Record<string, any>, opts: ReadOptions = {}): Promise<R[]> {
    const where = this.whereOf(input, opts);
    const r = await db.query<Row>(`${this.selectSql} ${where.sql} ORDER BY ${this.orderOf({})}`, where.params);
    return r.rows.map((row) => this.toRecord(row));
  }

  private async total(db: Db, where: { sql: string; params: unknown[] }): Promise<{ n: number; exact: boolean }> {
    if (this.options.count === 'estimated') return fastCount(db, `${this.options.table} ${this.alias}`, where);
    const r = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${this.countFrom} ${where.sql}`, where.params);
    return { n: Number(r.rows[0].n), exact: true };
  }

  async count(db: Db, input: Record<string, any>, opts: ReadOptions = {}): Promise<number> {
    return (await this.total(db, this.whereOf(input, opts))).n;
  }

  /**
   * Counts per value of an enum field under the search in `input` except that field's own filter
   * (the status tabs): every value of the field's enum is present, 0 when none match. Exact: one
   * GROUP BY; `count: 'estimated'`: one fast count per value, side by side.
   */
  async countBy(db: Db, field: string, input: Record<string, any>, opts: ReadOptions = {}): Promise<Record<string, number>> {
    const values = this.enumValues(field);
    const rest = { ...input, [field]: undefined };
    const out: Record<string, number> = Object.fromEntries(values.map((v) => [v, 0]));
    if (this.options.count === 'estimated') {
      const counts = await Promise.all(values.map((v) => this.total(db, this.whereOf({ ...rest, [field]: v }, opts))));
      values.forEach((v, i) => (out[v] = counts[i].n));
      return out;
    }
    const where = this.whereOf(rest, opts);
    const col = this.reads.get(field);
    const r = await db.query<{ v: string; n: bigint }>(`SELECT ${col} AS v, count(*) AS n FROM ${this.countFrom} ${where.sql} GROUP BY ${col}`, where.params);
    for (const row of r.rows) out[row.v] = Number(row.n);
    return out;
  }

  /** The values of an enum field, from the resource's enums or app.json's. */
  enumValues(field: string): string[] {
    const name = this.schema.fields?.[field]?.enum;
    const app = resourceSchema('app', this.options.schemasDir) as { enums?: Resource['enums'] };
    const def = name ? (this.schema.enums?.[name] ?? app.enums?.[name]) : undefined;
    if (!def) throw new Error(`resource "${this.options.name}": field "${field}" has no enum`);
    return def.values.map((v) => String(v.value));
  }

  /** The record, or null when absent (or outside the scope). `forUpdate` locks the row. */
  async find(db: Db, id: string | bigint, opts: ReadOptions & { forUpdate?: boolean } = {}): Promise<R | null> {
    const where = new Where();
    where.add((p) => `${this.alias}.id = ${p(String(id))}`);
    opts.scope?.(where, this.alias);
    const lock = opts.forUpdate ? ` FOR UPDATE OF ${this.alias}` : '';
    const r = await db.query(`${this.selectSql} ${where.sql}${lock}`, where.params);
    return r.rows[0] ? this.toRecord(r.rows[0]) : null;
  }

  /** The record; 404 with the resource's message when absent (or outside the scope). */
  async get(db: Db, id: string | bigint, opts: ReadOptions & { forUpdate?: boolean } = {}): Promise<R> {
    const rec = await this.find(db, id, opts);
    if (!rec) throw notFound(this.options.notFoundKey ?? 'server.recordNotFound', { id: String(id) });
    return rec;
  }
}

const ID = /^\d{1,19}$/;

/** A field whose value is a 64-bit id: a bigint, or a ref to the id of another resource. */
function isIdField(field: AnyField): boolean {
  return field.type === 'bigint' || (field.type === 'ref' && (field.ref?.value ?? 'id') === 'id');
}

function present(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}
