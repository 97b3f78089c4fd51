/**
 * Option sources of dict and ref fields: a dictionary (app.dicts[name].api, keyword param) or another
 * list API (field.ref). Results are cached for a few minutes per query so table cells and selects
 * share one request.
 *
 * @example
 * const src = optionSource(app, staff.fields.storeId);      // { path: '/dict/store', keyword: 'keyword', ... }
 * const options = await fetchOptions(call, src, { keyword: '朝阳', merchantId: '1' });
 */
import type { AnyField, ApiBinding, AppSchema, Option } from '../schema';
import { allowsRoles, normalizePath } from '../schema/derive';
import type { Runtime } from './runtime';

export interface OptionSource {
  binding: ApiBinding;
  keyword: string;
  /** record → option (ref sources map list rows) */
  map: (row: Record<string, unknown>) => Option;
}

export function optionSource(app: Pick<AppSchema, 'dicts'>, field: AnyField): OptionSource {
  if (field.type === 'dict') {
    const def = field.dict ? app.dicts[field.dict] : undefined;
    if (!def) throw new Error(`dictionary "${field.dict ?? ''}" is not defined in app.json "dicts"`);
    return {
      binding: { method: 'GET', path: def.api, result: 'options' },
      keyword: def.keyword ?? 'keyword',
      map: (r) => ({ ...r, value: String(r.value), label: String(r.label ?? r.value) }),
    };
  }
  if (field.type === 'ref') {
    const ref = field.ref;
    if (!ref) throw new Error('a ref field needs "ref": { api, label }');
    const valueKey = ref.value ?? 'id';
    return {
      binding: { method: 'GET', path: ref.api, result: 'page' },
      keyword: ref.keyword ?? 'keyword',
      map: (r) => ({ ...r, value: String(r[valueKey]), label: String(r[ref.label] ?? r[valueKey]) }),
    };
  }
  throw new Error(`field type "${field.type}" has no options source`);
}

/** The path (normalised) a dict or ref field takes its options from (optionSource's); undefined for any other field. */
export function optionPath(app: Pick<AppSchema, 'dicts'>, field: AnyField): string | undefined {
  return field.type === 'dict' || field.type === 'ref' ? normalizePath(optionSource(app, field).binding.path) : undefined;
}

/**
 * Whether a user holding `roles` may read a field's options: `readers` maps an option source's path to
 * the roles of its binding (src/generated/option-access.ts); fields without options are readable.
 *
 * @example
 * const readable = optionsReadable(app, optionReaders, user.roles);
 * readable(order.fields.merchantId) // false for a dispatcher: /merchant/list is admin and finance only
 */
export function optionsReadable(
  app: Pick<AppSchema, 'dicts'>,
  readers: Readonly<Record<string, readonly string[]>>,
  roles: readonly string[],
): (field: AnyField) => boolean {
  return (field) => {
    const path = optionPath(app, field);
    return !path || allowsRoles(readers[path], roles);
  };
}

const TTL = 5 * 60_000;
const cache = new Map<string, { at: number; promise: Promise<Option[]> }>();

/** Forgets cached options: the shell's runtime calls it after every successful write (src/shell/runtime.ts), tests between cases. */
export function clearOptionCache(): void {
  cache.clear();
}

/**
 * Options for a keyword and dependent filters; empty values are not sent.
 * Ref sources ask for the first 50 rows.
 */
export function fetchOptions(call: Runtime['call'], src: OptionSource, filters: Record<string, unknown> = {}): Promise<Option[]> {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null || v === '') continue;
    input[k === 'keyword' ? src.keyword : k] = v;
  }
  if (src.binding.result === 'page') Object.assign(input, { current: 1, pageSize: 50 });
  const key = `${src.binding.path}?${JSON.stringify(Object.entries(input).sort())}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL) return hit.promise;
  const promise = call<unknown>(src.binding, input).then((data) => {
    const rows = Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : [];
    return rows.map((r) => src.map(r as Record<string, unknown>));
  });
  cache.set(key, { at: Date.now(), promise });
  promise.catch(() => cache.delete(key));
  return promise;
}

/** Label of a value from the record itself when the server sent one: `<field>Name`, `<field>Label`, or for `xxxId` fields `xxxName`. */
export function labelFromRecord(record: Record<string, unknown> | undefined, name: string, separator = ', '): string | undefined {
  if (!record) return undefined;
  // storeId → storeIdName, storeIdLabel, then storeName (the common server convention for a foreign key's label)
  const keys = [`${name}Name`, `${name}Label`];
  if (/.Ids?$/.test(name)) keys.push(`${name.replace(/Ids?$/, '')}Name`);
  for (const k of keys) {
    const v = record[k];
    if (typeof v === 'string' && v !== '') return v;
    if (Array.isArray(v) && v.length) return v.join(separator);
  }
  return undefined;
}

/**
 * Labels of a record's own dict/ref values, value → label, from the same keys as `labelFromRecord`: an
 * edit form's select shows the record's store by name even when it is not among the first options.
 * Multiple values pair with an array label of the same length.
 */
export function labelsFromRecord(record: Record<string, unknown> | undefined, name: string): Map<string, string> {
  const out = new Map<string, string>();
  const value = record?.[name];
  if (!record || value === undefined || value === null || value === '') return out;
  const keys = [`${name}Name`, `${name}Label`];
  if (/.Ids?$/.test(name)) keys.push(`${name.replace(/Ids?$/, '')}Name`, `${name.replace(/Ids?$/, '')}Names`);
  for (const k of keys) {
    const label = record[k];
    if (Array.isArray(value) && Array.isArray(label) && label.length === value.length) {
      value.forEach((v, i) => out.set(String(v), String(label[i])));
      return out;
    }
    if (!Array.isArray(value) && typeof label === 'string' && label !== '') {
      out.set(String(value), label);
      return out;
    }
  }
  return out;
}
