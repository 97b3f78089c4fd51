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
import type { AnyField, Resource } from '../../src/schema';
import type { Db } from './contract';
import { scopeSql, type RowRestriction } from './data-scope';
import { badField, notFound } from './http-errors';
import { SCHEMAS_DIR } from './paths';
import { likePattern, toDate, toIso, Where } from './sql';

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
}

export interface ResourceOptions<R> {
  /** the schema resource: schemas/<name>.json */
  name: string;
  /** where its schema file is (default schemas/; core tests use fixtures) */
  schemasDir?: string;
  table: string;
  /** the table's alias in every statement (default 't') */
  alias?: string;
  /** joins after `FROM table alias` in reads, for columns of other tables */
  joins?: string;
  /**
   * Per-field overrides: a SQL expression read for the field (its own column by default), or
   * `false` for a field that is no column (filled in by `toRecord`).
   */
  columns?: Record<string, string | false>;
  /** per-field filters replacing the one derived from the field's search mode */
  filters?: Record<string, (where: Where, value: any, alias: string) => void>;
  /** list order when no (allowed) sortField is asked (default: createdAt, then id, descending) */
  defaultSort?: string;
  /** message key of the 404 (default 'server.recordNotFound') */
  notFoundKey?: string;
  /** completes a record from its row (names, masked values) */
  toRecord?: (record: R, row: Row) => R;
}

const schemaCache = new Map<string, Resource>();

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

  constructor(readonly options: ResourceOptions<R>) {
    this.schema = resourceSchema(options.name, options.schemasDir);
    this.alias = options.alias ?? 't';
    this.fields = Object.entries(this.schema.fields ?? {});
    for (const [name] of this.fields) {
      const o = options.columns?.[name];
      if (o !== false) this.reads.set(name, o ?? `${this.alias}.${snakeCase(name)}`);
    }
  }

  /** The field's own column in the table, or undefined when it has none (false or an expression). */
  columnOf(name: string): string | undefined {
    const o = this.options.columns?.[name];
    return o === undefined && this.schema.fields?.[name] ? snakeCase(name) : undefined;
  }

  /** `SELECT alias.*, <overrides> FROM table alias <joins>` */
  get selectSql(): string {
    const a = this.alias;
    const extra = [...this.reads].filter(([n, e]) => e !== `${a}.${snakeCase(n)}`).map(([n, e]) => `${e} AS "${n}"`);
    return `SELECT ${[`${a}.*`, ...extra].join(', ')} FROM ${this.options.table} ${a} ${this.options.joins ?? ''}`;
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
      if (isIdField(field) && [v].flat().some((x) => !ID.test(String(x).trim()))) throw badField('server.validation.id', field.title ?? name);
      if (custom) custom(where, v, this.alias);
      else if (Array.isArray(v)) where.add((p) => `${col} = ANY(${p(v)})`);
      else if (mode === 'like' || (mode === true && TEXT_TYPES.has(field.type))) where.add((p) => `${col} ILIKE ${p(likePattern(String(v).trim()))}`);
      else where.add((p) => `${col} = ${p(v)}`);
    }
    opts.scope?.(where, this.alias);
    return where;
  }

  /** ORDER BY of the input's sortField/sortOrder when the field is sortable, else the default order. */
  orderOf(input: Record<string, any>): string {
    const dir = input.sortOrder === 'ascend' ? 'ASC' : 'DESC';
    const id = `${this.alias}.id ${dir}`;
    const f = typeof input.sortField === 'string' ? this.schema.fields?.[input.sortField] : undefined;
    if (f?.sortable && this.reads.has(input.sortField)) return `${this.reads.get(input.sortField)} ${dir}, ${id}`;
    if (this.options.defaultSort) return this.options.defaultSort;
    return this.reads.has('createdAt') ? `${this.reads.get('createdAt')} DESC, ${this.alias}.id DESC` : `${this.alias}.id DESC`;
  }

  toRecord(row: Row): R {
    const rec: Record<string, unknown> = {};
    for (const [name, field] of this.fields) {
      if (field.writeOnly || !this.reads.has(name)) continue;
      const v = name in row ? row[name] : row[snakeCase(name)];
      rec[name] = fromColumn(field, v);
    }
    return this.options.toRecord ? this.options.toRecord(rec as R, row) : (rec as R);
  }

  async list(db: Db, input: Record<string, any>, opts: ReadOptions = {}): Promise<Page<R>> {
    const current = Math.max(1, Number(input.current ?? 1));
    const pageSize = Math.min(200, Math.max(1, Number(input.pageSize ?? 20)));
    const where = this.whereOf(input, opts);
    const countParams = [...where.params];
    const limit = `LIMIT ${where.param(pageSize)} OFFSET ${where.param((current - 1) * pageSize)}`;
    const [rows, total] = await Promise.all([
      db.query(`${this.selectSql} ${where.sql} ORDER BY ${this.orderOf(input)} ${limit}`, where.params),
      db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${this.options.table} ${this.alias} ${this.options.joins ?? ''} ${where.sql}`, countParams),
    ]);
    return { list: rows.rows.map((r) => this.toRecord(r)), total: Number(total.rows[0].n), current, pageSize };
  }

  async count(db: Db, input: Record<string, any>, opts: ReadOptions = {}): Promise<number> {
    const where = this.whereOf(input, opts);
    const r = await db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM ${this.options.table} ${this.alias} ${this.options.joins ?? ''} ${where.sql}`,
      where.params,
    );
    return Number(r.rows[0].n);
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
    if (!rec) throw notFound(this.options.notFoundKey ?? 'server.recordNotFound');
    return rec;
  }
}

const TEXT_TYPES = new Set(['string', 'text', 'phone']);
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
