/**
 * Writes of the resource layer: create (every field the schema marks `required` must be sent, or
 * have a schema `default`; refused with 400 naming the field before any SQL) and update (partial:
 * only the fields sent change; a required field may be left out but never cleared). An empty string
 * or null clears an optional field. File fields must name stored files.
 *
 * @example
 * export const merchants = defineResource<MerchantRecord<bigint>>({ name: 'merchant', table: 'merchants', touch: 'updated_at' });
 * const m = await merchants.save(db, ctx.input, ctx.nextId); // no id: create; with id: update
 * await merchants.remove(db, ctx.input.id); // 404 when absent or outside the scope
 */
import type { Db, HandlerContext } from './contract';
import { fileKeys, unknownFileKey } from './form-files';
import { badField } from './http-errors';
import { ResourceTable, type ReadOptions, type ResourceOptions } from './resource';

type Input = Record<string, any>;

export interface WritableOptions<R> extends ResourceOptions<R> {
  /** a timestamp column set to now() by every update (e.g. 'updated_at') */
  touch?: string;
  /** per-field conversion of a sent value to its column value (e.g. JSON for a jsonb column) */
  toColumn?: Record<string, (value: unknown) => unknown>;
  /** a field stored in several columns (or under an override): its sent value → column values */
  writes?: Record<string, (value: any) => Record<string, unknown>>;
}

export class WritableResource<R extends object> extends ResourceTable<R> {
  constructor(readonly writeOptions: WritableOptions<R>) {
    super(writeOptions);
  }

  /** Fields a create or update may set: declared, not read-only, stored in the table's own column. */
  writableFields(): string[] {
    return this.fields.filter(([n, f]) => n !== 'id' && !f.readOnly && (this.columnOf(n) || this.writeOptions.writes?.[n])).map(([n]) => n);
  }

  /** The binding's input with each file field read from the multipart parts (or the keys sent). */
  formInput(ctx: Pick<HandlerContext, 'files' | 'input'>): Input {
    const input: Input = { ...ctx.input };
    for (const [name, f] of this.fields) {
      if (f.type !== 'image' && f.type !== 'file') continue;
      const keys = fileKeys(ctx, name);
      if (keys !== undefined) input[name] = f.multiple ? keys : (keys[0] ?? null);
    }
    return input;
  }

  /** 400 naming the first required field missing (create) or cleared (either), or a file that does not exist. */
  async check(db: Db, input: Input, creating: boolean): Promise<void> {
    for (const name of this.writableFields()) {
      const f = this.schema.fields![name];
      const v = input[name];
      const empty = v === null || v === '' || (Array.isArray(v) && v.length === 0);
      const missing = creating && v === undefined && f.default === undefined;
      // a field with a default always holds a value: it may be changed, never cleared
      const cleared = v !== undefined && empty && (f.required || f.default !== undefined);
      if ((f.required && missing) || cleared) throw badField('server.fieldRequired', f.title);
    }
    for (const name of this.writableFields()) {
      const f = this.schema.fields![name];
      if ((f.type !== 'image' && f.type !== 'file') || input[name] == null) continue;
      const bad = await unknownFileKey(db, Array.isArray(input[name]) ? input[name] : [input[name]]);
      if (bad) throw badField('server.fileNotFound', f.title, { key: bad });
    }
  }

  private values(input: Input, creating: boolean): [string, unknown][] {
    const out: [string, unknown][] = [];
    for (const name of this.writableFields()) {
      const f = this.schema.fields![name];
      let v = input[name];
      if (v === undefined && creating && f.default !== undefined) v = f.default;
      if (v === undefined) continue;
      if (v === '') v = null;
      const split = this.writeOptions.writes?.[name];
      if (split) {
        out.push(...Object.entries(split(v)));
        continue;
      }
      const conv = this.writeOptions.toColumn?.[name];
      out.push([this.columnOf(name)!, conv && v !== null ? conv(v) : v]);
    }
    return out;
  }

  /** Inserts a new row from the fields sent; returns its record. */
  async create(db: Db, input: Input, nextId: () => bigint, extra: Record<string, unknown> = {}): Promise<R> {
    await this.check(db, input, true);
    const id = nextId();
    const cols = [...this.values(input, true), ...Object.entries(extra)];
    await db.query(`INSERT INTO ${this.options.table} (id${cols.map(([c]) => `, ${c}`).join('')}) VALUES ($1${cols.map((_, i) => `, $${i + 2}`).join('')})`, [
      id,
      ...cols.map(([, v]) => v),
    ]);
    return this.get(db, id);
  }

  /** Updates the fields sent of an existing row (404 when absent or outside the scope); returns its record. */
  async update(db: Db, id: string | bigint, input: Input, opts: ReadOptions & { extra?: Record<string, unknown> } = {}): Promise<R> {
    await this.check(db, input, false);
    return db.transaction(async (tx) => {
      await this.get(tx, id, { ...opts, forUpdate: true });
      const cols = [...this.values(input, false), ...Object.entries(opts.extra ?? {})];
      const sets = cols.map(([c], i) => `${c} = $${i + 2}`);
      if (this.writeOptions.touch) sets.push(`${this.writeOptions.touch} = now()`);
      if (sets.length) {
        await tx.query(`UPDATE ${this.options.table} SET ${sets.join(', ')} WHERE id = $1`, [String(id), ...cols.map(([, v]) => v)]);
      }
      return this.get(tx, id, opts);
    });
  }

  /** Deletes one row (404 when absent or outside the scope); answers null, as a result "ok" binding does. */
  async remove(db: Db, id: string | bigint, opts: ReadOptions = {}): Promise<null> {
    return db.transaction(async (tx) => {
      await this.get(tx, id, { ...opts, forUpdate: true });
      await tx.query(`DELETE FROM ${this.options.table} WHERE id = $1`, [String(id)]);
      return null;
    });
  }

  /** A create-or-edit binding: without `id` create, with it update the fields sent. */
  save(db: Db, input: Input, nextId: () => bigint, opts: ReadOptions = {}): Promise<R> {
    return input.id ? this.update(db, input.id, input, opts) : this.create(db, input, nextId);
  }
}

/** A resource read and written as its schema says; see resource.ts. */
export function defineResource<R extends object>(options: WritableOptions<R>): WritableResource<R> {
  return new WritableResource<R>(options);
}
