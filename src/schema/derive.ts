/**
 * Pure derivations from a schema, shared by the browser, the server and the CLI. No runtime deps.
 *
 * @example
 * const params = resolveInput(orderResource, 'refund'); // [{ name: 'id', field, required: true }, ...]
 * const schema = inputJsonSchema(orderResource, 'refund', app); // JSON Schema for ajv
 */
import type { Field, Param } from './field';
import type { ApiBinding } from './api';
import type { AppSchema } from './app';
import type { Resource } from './resource';
import type { When } from './views';

export type AnyField = Field | Param;
export interface ResolvedParam {
  name: string;
  field: AnyField;
  required: boolean;
}

/** "order/add" and "/order/add" are the same call. */
export function normalizePath(path: string): string {
  return '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * Deepest page a list serves: 1,000,000 pages of 200 rows is 2×10⁸ rows deep, far past any real list
 * and far inside PostgreSQL's 64-bit OFFSET, so (current − 1) × pageSize can never overflow.
 */
export const MAX_PAGE = 1_000_000;

export const PAGE_PARAMS: ResolvedParam[] = [
  { name: 'current', field: { type: 'integer', title: 'server.param.current', min: 1, max: MAX_PAGE, default: 1 }, required: false },
  { name: 'pageSize', field: { type: 'integer', title: 'server.param.pageSize', min: 1, max: 200, default: 20 }, required: false },
];
export const SORT_PARAMS: ResolvedParam[] = [
  { name: 'sortField', field: { type: 'string', title: 'server.param.sortField', maxLength: 64 }, required: false },
  { name: 'sortOrder', field: { type: 'string', title: 'server.param.sortOrder', pattern: '^(ascend|descend)$' }, required: false },
];

/** Fields that appear in the search form, in declaration order. */
export function searchFieldNames(resource: Resource): string[] {
  if (resource.list?.search) return resource.list.search;
  return Object.entries(resource.fields ?? {})
    .filter(([, f]) => f.search !== undefined && f.search !== false)
    .map(([n]) => n);
}

/** Field types a search (`search: true`) matches by a part of the value: ILIKE on the server (server/core/resource.ts); others match exactly. */
export const PART_MATCHED_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'phone']);

/** Whether a search on `field` matches any part of a value (`"like"`, or `true` on a text type) rather than the whole. */
export function searchesByPart(field: AnyField): boolean {
  return field.search === 'like' || (field.search === true && PART_MATCHED_TYPES.has(field.type));
}

/**
 * Search params of a field: a range becomes `<name>From` and `<name>To`; a dateRange searches its own
 * type. A field searched by a part of its value takes any text up to its length: a term is part of a
 * value, not one, so the value's own format (its pattern) is not asked of it —
 * searching staff for "ad" was refused as "username: start with a letter, 3–32 characters". A phone
 * is the exception: it is searched whole.
 */
export function searchParamsOf(name: string, field: AnyField): ResolvedParam[] {
  const base: AnyField = { ...field, required: false, readOnly: false, multiple: false, minLength: undefined };
  // a phone is searched whole: its term keeps the phone's format (a whole number is asked for)
  if (searchesByPart(field) && field.type !== 'phone') {
    const maxLength = 'maxLength' in field ? field.maxLength : undefined;
    return [{ name, field: { type: 'string', title: field.title, search: field.search, maxLength }, required: false }];
  }
  if (field.search === 'range') {
    return [
      { name: `${name}From`, field: base, required: false },
      { name: `${name}To`, field: base, required: false },
    ];
  }
  if (field.type === 'text' || field.type === 'password') return [{ name, field: { ...base, type: 'string' }, required: false }];
  return [{ name, field: base, required: false }];
}

/** Every parameter of an API binding, resolved against the resource's fields. Throws on unknown names. */
export function resolveInput(resource: Resource, bindingName: string): ResolvedParam[] {
  const binding = resource.api?.[bindingName];
  if (!binding) throw new Error(`resource "${resource.name}" has no api "${bindingName}"`);
  return resolveBindingInput(resource, binding);
}

export function resolveBindingInput(resource: Resource, binding: ApiBinding): ResolvedParam[] {
  const input = binding.input;
  if (!input) return [];
  const out: ResolvedParam[] = [];
  const fields = resource.fields ?? {};
  const required = new Set(input.require ?? []);
  for (const name of input.fields ?? []) {
    const field = fields[name];
    if (!field) throw new Error(`resource "${resource.name}": input field "${name}" is not declared in "fields"`);
    out.push({ name, field, required: input.partial ? required.has(name) : !!field.required || required.has(name) });
  }
  if (input.search) {
    for (const name of searchFieldNames(resource)) {
      const field = fields[name];
      if (!field) throw new Error(`resource "${resource.name}": search field "${name}" is not declared in "fields"`);
      out.push(...searchParamsOf(name, field));
    }
  }
  if (input.page) out.push(...PAGE_PARAMS);
  if (input.sort) out.push(...SORT_PARAMS);
  for (const [name, field] of Object.entries(input.extra ?? {})) {
    out.push({ name, field, required: input.partial ? required.has(name) : !!field.required || required.has(name) });
  }
  return out;
}

/** An amount: digits and at most two decimals; its size is checked apart (decimalMin/Max), so 11 digits read "at most 9999999999.99", not "not an amount". */
const MONEY = '^-?\\d{1,20}(\\.\\d{1,2})?$';
/** The largest amount a money column (numeric(12,2)) holds: the bound of a money field that declares none. */
export const MONEY_MAX = '9999999999.99';
export const BIGINT_PATTERN = '^[1-9][0-9]{0,18}$';
/** 2⁶³ − 1: a 19-digit id above it is refused before it reaches a bigint column. */
export const BIGINT_MAX = '9223372036854775807';
/**
 * Range of an integer or number field that declares no bound of its own: PostgreSQL's `integer`
 * (a wider column declares min/max), so no value can overflow the column it is compared with.
 */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const FILE_KEY_PATTERN = '^[a-f0-9]{32}$';
export const PHONE_PATTERN = '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8})$';
/** The longest phone value a phone field takes (and a search term on one). */
export const PHONE_MAX_LENGTH = 20;
export const REGION_CODE_PATTERN = '^\\d{6}$';
/**
 * The dates a date or date-time field accepts (inclusive, UTC for a date-time): the years a database
 * column and the dashboard's calendar arithmetic both handle. Year 0000 is no PostgreSQL date, and
 * past 9999 an ISO day turns into "+010000-…".
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';
const DICT_VALUE = '^[A-Za-z0-9_.:-]{1,64}$';

type Json = Record<string, unknown>;

/** JSON Schema of one value on the wire (query strings are coerced by ajv). */
export function fieldJsonSchema(field: AnyField, app: Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>>): Json {
  const one = scalarSchema(field, app);
  const multi = field.multiple || field.type === 'dateRange' || field.type === 'region';
  if (!multi) return one;
  const arr: Json = { type: 'array', items: one };
  if (field.type === 'dateRange') Object.assign(arr, { minItems: 2, maxItems: 2 });
  if (field.type === 'region') Object.assign(arr, { minItems: 1, maxItems: 3 });
  if (field.required && multi && field.type !== 'region' && field.type !== 'dateRange') arr.minItems = 1;
  if (field.maxItems) arr.maxItems = field.maxItems;
  return arr;
}

function scalarSchema(field: AnyField, app: Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>>): Json {
  const s: Json = {};
  switch (field.type) {
    case 'string':
    case 'text':
    case 'password':
      s.type = 'string';
      if (field.minLength !== undefined) s.minLength = field.minLength;
      else if (field.required) s.minLength = 1;
      if (field.maxLength !== undefined) s.maxLength = field.maxLength;
      if (field.pattern) s.pattern = field.pattern;
      break;
    case 'phone':
      Object.assign(s, { type: 'string', pattern: field.pattern ?? PHONE_PATTERN, maxLength: PHONE_MAX_LENGTH });
      break;
    case 'number':
    case 'integer':
      s.type = field.type;
      s.minimum = typeof field.min === 'number' ? field.min : INT_MIN;
      s.maximum = typeof field.max === 'number' ? field.max : INT_MAX;
      break;
    case 'money':
      Object.assign(s, { type: 'string', pattern: MONEY });
      s.decimalMin = field.min !== undefined ? String(field.min) : `-${MONEY_MAX}`;
      s.decimalMax = field.max !== undefined ? String(field.max) : MONEY_MAX;
      break;
    case 'bigint':
      Object.assign(s, { type: 'string', pattern: BIGINT_PATTERN, decimalMax: BIGINT_MAX });
      break;
    case 'boolean':
      s.type = 'boolean';
      break;
    case 'enum': {
      const values = app.enums[field.enum ?? '']?.values.map((v) => v.value) ?? [];
      s.enum = values;
      break;
    }
    case 'date':
    case 'dateRange':
      Object.assign(s, { type: 'string', format: 'date', formatMinimum: DATE_MIN, formatMaximum: DATE_MAX });
      break;
    case 'datetime':
      Object.assign(s, { type: 'string', format: 'date-time', formatMinimum: `${DATE_MIN}T00:00:00Z`, formatMaximum: `${DATE_MAX}T23:59:59.999Z` });
      break;
    case 'region':
      Object.assign(s, { type: 'string', pattern: REGION_CODE_PATTERN });
      break;
    case 'image':
    case 'file':
      Object.assign(s, { type: 'string', pattern: FILE_KEY_PATTERN });
      break;
    case 'dict':
    case 'ref':
      // Options are records picked by id unless declared otherwise (a dictionary's `value: "code"`, a
      // ref whose options carry another field): an id is checked as one, so no value that is not an
      // id reaches a bigint column.
      if (isCodeOption(field, app)) Object.assign(s, { type: 'string', pattern: DICT_VALUE });
      else Object.assign(s, { type: 'string', pattern: BIGINT_PATTERN, decimalMax: BIGINT_MAX });
      break;
    default:
      // every field type is listed above: a new type fails to compile here until it has a wire schema
      field.type satisfies never;
  }
  return s;
}

/** True when a dict or ref field's values are codes rather than record ids. */
function isCodeOption(field: AnyField, app: Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>>): boolean {
  if (field.type === 'ref') return !!field.ref && (field.ref.value ?? 'id') !== 'id';
  return app.dicts?.[field.dict ?? '']?.value === 'code';
}

/** JSON Schema of a binding's query or body. Property titles carry the i18n key for error messages. */
export function inputJsonSchema(resource: Resource, bindingName: string, app: Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>>): Json {
  const params = resolveInput(resource, bindingName);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const p of params) {
    // a parameter the binding requires is required as its field would be: a list of at least one
    // value, a text of at least one character (present but empty asked for nothing)
    const s = fieldJsonSchema(p.required && !p.field.required ? { ...p.field, required: true } : p.field, enumsFor(app, resource));
    if (p.field.title) s['x-title'] = p.field.title;
    properties[p.name] = s;
    if (p.required) required.push(p.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** True when the user may use something restricted to `roles` (absent or empty: anyone signed in). */
export function allowsRoles(roles: readonly string[] | undefined, userRoles: readonly string[]): boolean {
  return !roles || roles.length === 0 || roles.some((r) => userRoles.includes(r));
}

/** True when a record satisfies an action's `when`. `$notSelf` compares the record id with the user's id. */
export function matchesWhen(when: When | undefined, record: Record<string, unknown>, selfId?: string): boolean {
  if (!when) return true;
  return Object.entries(when).every(([key, allowed]) => {
    if (key === '$notSelf') return allowed.includes(true) ? String(record.id) !== String(selfId) : true;
    const v = record[key];
    return allowed.some((a) => a === v || String(a) === String(v));
  });
}

/** Compare two decimal strings exactly (money), returning -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const cents = (x: string) => {
    const neg = x.startsWith('-');
    const [i, f = ''] = x.replace('-', '').split('.');
    const v = BigInt(i || '0') * 100n + BigInt((f + '00').slice(0, 2));
    return neg ? -v : v;
  };
  const d = cents(a) - cents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The enums a resource can use: app.json's plus its own (a field may not use another resource's). */
export function enumsFor(
  app: Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>>,
  resource?: Pick<Resource, 'enums'>,
): Pick<AppSchema, 'enums'> & Partial<Pick<AppSchema, 'dicts'>> {
  // the dictionaries ride along: a dict field's wire shape depends on its dictionary (id or code)
  return { enums: { ...app.enums, ...(resource?.enums ?? {}) }, ...(app.dicts ? { dicts: app.dicts } : {}) };
}
