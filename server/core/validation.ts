/**
 * Request validation from the schema: one ajv validator per API binding, built from
 * inputJsonSchema(), with errors turned into HTTP 400 messages that name the field by its localized
 * title ("用户名 长度不能少于 3 个字符" / "Username must be at least 3 characters").
 *
 * @example
 * const v = createValidation(app, i18n).compile(resource, 'add', 'json');
 * const input = v(body, 'zh-CN'); // throws HttpError(400, 40000, ...) on bad input
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  CODES,
  DATE_MAX,
  DATE_MIN,
  MONEY_MAX,
  compareDecimal,
  inputJsonSchema,
  resolveInput,
  type AnyField,
  type AppSchema,
  type FieldType,
  type Resource,
} from '../../src/schema';
import { HttpError } from './contract';
import type { I18n } from './i18n';

export type InputSource = 'query' | 'json' | 'form';
export type InputValidator = (input: unknown, locale: string) => Record<string, any>;

export interface FieldError {
  field: string;
  message: string;
}

type Json = Record<string, any>;
const DECIMAL = /^-?\d+(\.\d+)?$/;

function newAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: coerce ? 'array' : false, strict: true, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv, { formats: ['date', 'date-time'], keywords: true }); // keywords: formatMinimum/formatMaximum (DATE_MIN, DATE_MAX)
  ajv.addKeyword({ keyword: 'x-title', schemaType: 'string' });
  ajv.addKeyword({
    keyword: 'decimalMin',
    type: 'string',
    schemaType: 'string',
    validate: (limit: string, data: string) => !DECIMAL.test(data) || compareDecimal(data, limit) >= 0,
  });
  ajv.addKeyword({
    keyword: 'decimalMax',
    type: 'string',
    schemaType: 'string',
    validate: (limit: string, data: string) => !DECIMAL.test(data) || compareDecimal(data, limit) <= 0,
  });
  return ajv;
}

/** Enums without a JSON type (e.g. [true, false]) get one, so query strings coerce to it. */
function typedEnum(s: Json): Json {
  if (!Array.isArray(s.enum) || s.type) return s;
  const vals = s.enum as unknown[];
  const type = vals.every((v) => typeof v === 'boolean')
    ? 'boolean'
    : vals.every((v) => Number.isInteger(v))
      ? 'integer'
      : vals.every((v) => typeof v === 'number')
        ? 'number'
        : vals.every((v) => typeof v === 'string')
          ? 'string'
          : undefined;
  return type ? { ...s, type } : s;
}

function nullable(s: Json): Json {
  const out = { ...s };
  if (out.type) out.type = Array.isArray(out.type) ? [...out.type, 'null'] : [out.type, 'null'];
  if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  return out;
}

/**
 * Prepares a binding's JSON Schema for one input source. JSON bodies may send null to clear an
 * optional field; so may multipart bodies of a partial (edit) binding, where an empty part clears.
 */
export function prepareSchema(schema: Json, source: InputSource, partial = false): Json {
  const required = new Set<string>(schema.required ?? []);
  const properties: Json = {};
  for (const [name, raw] of Object.entries<Json>(schema.properties ?? {})) {
    let s = typedEnum(raw);
    if (s.type === 'array' && s.items) s = { ...s, items: typedEnum(s.items) };
    if ((source === 'json' || (source === 'form' && partial)) && !required.has(name)) s = nullable(s);
    properties[name] = s;
  }
  return { ...schema, properties };
}

function isPlainText(s: Json): boolean {
  return s.type === 'string' && !s.pattern && !s.format && !s.enum;
}

/**
 * A one-line text field's value without the white space around it (of each value, for a list): what
 * is stored, compared and measured (a name's minLength, a unique trade number) is what a person sees.
 * Passwords and multi-line text are left as sent.
 */
function trimmed(value: unknown, field: AnyField | undefined): unknown {
  if (field?.type !== 'string') return value;
  // white space alone stays as sent: the blank checks below refuse it as such
  const trim = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : v);
  return Array.isArray(value) ? value.map(trim) : trim(value);
}

/**
 * Makes the wire forgiving where it is unambiguous: ids and phones sent as JSON numbers become
 * digit strings (only values with a format of their own: a number for a name or a reason is refused,
 * not stored as "123"); an empty string for an optional structured field (date, phone, id…) means "none".
 *
 * Multipart bodies cannot send null or an empty list, so an empty part stands for both (see
 * server/core/README.md): in a partial (edit) binding it clears an optional field — null, or [] for a
 * `multiple` field — and anywhere else it means "not sent". Empty parts among a list's items
 * (the client's "[]" marker next to real values, e.g. kept file keys plus new files) are dropped.
 */
function normalize(input: Json, schema: Json, source: InputSource, partial: boolean, params: Map<string, AnyField>): Json {
  const out: Json = {};
  const required = new Set<string>(schema.required ?? []);
  for (const [name, raw] of Object.entries(input)) {
    const s: Json | undefined = schema.properties?.[name];
    if (!s) {
      out[name] = raw;
      continue;
    }
    let value = trimmed(raw, params.get(name));
    if (source === 'form' && !required.has(name)) {
      const parts: unknown[] = Array.isArray(raw) ? raw : [raw];
      const filled = parts.filter((v) => v !== '');
      if (filled.length === 0) {
        if (partial) out[name] = params.get(name)?.multiple ? [] : null;
        continue;
      }
      if (filled.length !== parts.length) value = filled.length === 1 && !isList(s) ? filled[0] : filled;
    }
    if (value === '' && !required.has(name) && (source !== 'json' || !isPlainText(s))) {
      if (source === 'json') out[name] = null;
      continue;
    }
    // Money is a decimal string on the wire and nothing else: 0.5 as a JSON number is already a
    // binary fraction, so it is refused rather than guessed at (OpenAPI declares the string).
    const asString = params.get(name)?.type !== 'money';
    const str = (v: unknown, t: Json) =>
      asString &&
      typeof v === 'number' &&
      Number.isFinite(v) &&
      !isPlainText({ ...t, type: 'string' }) &&
      (t.type === 'string' || (Array.isArray(t.type) && t.type.includes('string')))
        ? String(v)
        : v;
    if (Array.isArray(value) && s.items) out[name] = value.map((v) => str(v, s.items));
    else out[name] = str(value, s);
  }
  return out;
}

export interface Validation {
  compile(resource: Resource, bindingName: string, source: InputSource): InputValidator;
}

export function createValidation(app: AppSchema, i18n: I18n): Validation {
  const coercing = newAjv(true);
  const strict = newAjv(false);
  return {
    compile(resource, bindingName, source) {
      const params = new Map<string, AnyField>(resolveInput(resource, bindingName).map((p) => [p.name, p.field]));
      const partial = !!resource.api?.[bindingName]?.input?.partial;
      const schema = prepareSchema(inputJsonSchema(resource, bindingName, app), source, partial);
      let check: ValidateFunction;
      try {
        check = (source === 'json' ? strict : coercing).compile(schema);
      } catch (err) {
        throw new Error(`resource "${resource.name}" api "${bindingName}": cannot build its validator: ${(err as Error).message}`);
      }
      return (input, locale) => {
        if (input === null || input === undefined) input = {};
        if (typeof input !== 'object' || Array.isArray(input)) {
          throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.body');
        }
        const data = normalize({ ...(input as Json) }, schema, source, partial, params);
        // checks ajv cannot express, each a 400 naming the field: a value no text column can hold; a
        // one-value field repeated in a query string or form (?status=a&status=b: said so, not "must be
        // text"); required text sent blank
        const refuse = (name: string | undefined, key: string) => {
          if (name === undefined) return;
          const title = params.get(name)?.title;
          const message = i18n.t(locale, key, { field: title ? i18n.t(locale, title) : name });
          throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.failed', { message }, { errors: [{ field: name, message }] });
        };
        const names = Object.keys(data);
        refuse(
          names.find((name) => !storable(data[name])),
          'server.validation.text',
        );
        if (source !== 'json')
          refuse(
            names.find((name) => Array.isArray(data[name]) && schema.properties?.[name] && !isList(schema.properties[name])),
            'server.validation.repeated',
          );
        refuse(
          names.find((name) => needsText(params.get(name)) && isBlank(data[name])),
          'server.validation.required',
        );
        // nor may an edit clear a field the resource requires (a phone sent empty or null)
        refuse(
          names.find((name) => params.get(name)?.required && data[name] === null),
          'server.validation.required',
        );
        // a query or form number is written in decimal digits: ajv would coerce "Infinity", "1e400",
        // "0x10" or " 5 " and let the first two past its bounds (a 500 where the database met them)
        if (source !== 'json') {
          const bad = names.find((name) => numeric(schema.properties?.[name]) && !decimalText(data[name]));
          if (bad !== undefined) refuse(bad, `server.validation.type.${numeric(schema.properties?.[bad])}`);
        }
        if (check(data)) {
          // a search range whose start is after its end (createdAtFrom > createdAtTo) matches nothing by mistake
          refuse(
            names.find((name) => reversedRange(name, data, params)),
            'server.validation.rangeOrder',
          );
          return data;
        }
        const errors = describeErrors(check.errors ?? [], params, i18n, locale);
        throw new HttpError(400, CODES.BAD_REQUEST, 'server.validation.failed', { message: errors[0]?.message ?? '' }, { errors });
      };
    },
  };
}

/**
 * `<name>From` of a search range (its `<name>To` is the same field, src/schema/derive.ts
 * searchParamsOf) when both are sent and the start is after the end: money and numbers by value,
 * dates and times as instants ("…T00:00+08:00" is before "…T15:00Z" of the day before).
 */
function reversedRange(name: string, data: Json, params: Map<string, AnyField>): boolean {
  if (!name.endsWith('From')) return false;
  const to = `${name.slice(0, -4)}To`;
  const field = params.get(name);
  const from = data[name];
  const end = data[to];
  if (!field || params.get(to) !== field || from === undefined || from === null || end === undefined || end === null) return false;
  if (field.type === 'money') return compareDecimal(String(from), String(end)) > 0;
  if (field.type === 'date' || field.type === 'datetime') return Date.parse(String(from)) > Date.parse(String(end));
  if (field.type === 'integer' || field.type === 'number') return Number(from) > Number(end);
  return false;
}

/** 'integer' or 'number' when a property (or a list's items) holds numbers. */
function numeric(s: Json | undefined): 'integer' | 'number' | undefined {
  if (!s) return undefined;
  const types: unknown[] = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('array') && s.items) return numeric(s.items);
  if (types.includes('string')) return undefined;
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : undefined;
}

/** A number as a query or form sends it: decimal digits that make a finite number (or a list of them). */
function decimalText(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(decimalText);
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value !== 'string' || (DECIMAL.test(value) && Number.isFinite(Number(value)));
}

function isList(s: Json): boolean {
  return Array.isArray(s.type) ? s.type.includes('array') : s.type === 'array';
}

/** Only white space and invisible characters (zero-width space and joiners, word joiner, BOM). */
const BLANK = /^[\s\u200B-\u200D\u2060\uFEFF]*$/u;

/** A text field the resource requires (or gives a minimum length): it may not be sent blank or null, in a partial edit either. */
function needsText(field: AnyField | undefined): boolean {
  return !!field && (field.type === 'string' || field.type === 'text') && (!!field.required || (('minLength' in field && field.minLength) || 0) >= 1);
}

/** null, or white space only ('' is left to the schema's minLength, whose message names the length asked for). */
function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value !== '' && BLANK.test(value));
}

/** A NUL, or half of a surrogate pair without its other half: no PostgreSQL text column can hold either. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checked before ajv, for every input of every binding (a NUL in a name or a lone surrogate in a
 * remark would otherwise reach the database and fail there as a 500). A value is a scalar or a list of
 * them: deeper lists are left to ajv, which refuses them by type (read recursively, an array nested
 * 5,000 deep overflowed the stack: a 500).
 */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'string' || !UNSTORABLE.test(v));
  return true;
}

function fieldOf(e: ErrorObject): string {
  if (e.keyword === 'required') return String((e.params as Json).missingProperty);
  if (e.keyword === 'additionalProperties') return String((e.params as Json).additionalProperty);
  return e.instancePath.split('/')[1] ?? '';
}

/** The message of a failed pattern per field type (null: the generic one). */
const PATTERN_KEYS = {
  phone: 'server.validation.phone',
  bigint: 'server.validation.id',
  money: 'server.validation.money',
  image: 'server.validation.fileKey',
  file: 'server.validation.fileKey',
  region: 'server.validation.region',
  dict: 'server.validation.option',
  ref: 'server.validation.option',
  // the generic "server.validation.pattern"; every field type is listed, so a new one must choose
  string: null,
  text: null,
  password: null,
  number: null,
  integer: null,
  boolean: null,
  enum: null,
  date: null,
  datetime: null,
  dateRange: null,
} as const satisfies Record<FieldType, string | null>;

/** Types whose values are record ids: past 2⁶³ − 1 the value is "not an id", not "too large". */
const ID_TYPES = new Set(['bigint', 'dict', 'ref']);

/** One message per field (the first problem found), in the request's locale. */
export function describeErrors(errors: ErrorObject[], params: Map<string, AnyField>, i18n: I18n, locale: string): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const name = fieldOf(e);
    if (seen.has(name)) continue;
    seen.add(name);
    const def = params.get(name);
    const title = def?.title ? i18n.t(locale, def.title) : name;
    const p = e.params as Json;
    const t = (key: string, values: Record<string, string | number> = {}) => i18n.t(locale, key, { field: title, ...values });
    let message: string;
    switch (e.keyword) {
      case 'required':
        message = t('server.validation.required');
        break;
      case 'minLength':
        message = p.limit <= 1 ? t('server.validation.required') : t('server.validation.minLength', { limit: p.limit });
        break;
      case 'maxLength':
        message = t('server.validation.maxLength', { limit: p.limit });
        break;
      case 'pattern': {
        const hint = def && 'patternMessage' in def && def.patternMessage ? def.patternMessage : undefined;
        const key = def ? (PATTERN_KEYS[def.type] ?? undefined) : undefined;
        message = hint ? t('server.validation.patternHint', { hint: i18n.t(locale, hint) }) : t(key ?? 'server.validation.pattern');
        break;
      }
      case 'minimum':
      case 'exclusiveMinimum':
        message = t('server.validation.min', { limit: String(p.limit ?? def?.min ?? '') });
        break;
      case 'decimalMin':
        message = t('server.validation.min', { limit: String(def?.min ?? `-${MONEY_MAX}`) });
        break;
      case 'decimalMax':
        // An id past 2⁶³ − 1 is not "too large", it is simply no id.
        message = def && ID_TYPES.has(def.type) ? t(PATTERN_KEYS[def.type]!) : t('server.validation.max', { limit: String(def?.max ?? MONEY_MAX) });
        break;
      case 'maximum':
      case 'exclusiveMaximum':
        message = t('server.validation.max', { limit: String(p.limit ?? def?.max ?? '') });
        break;
      case 'type': {
        const type = String(p.type).split(',')[0];
        const key = def && (def.type === 'money' || ID_TYPES.has(def.type)) ? PATTERN_KEYS[def.type] : undefined;
        message = t(key ?? `server.validation.type.${type}`);
        break;
      }
      case 'enum':
        message = t('server.validation.enum');
        break;
      case 'format':
        message = t(p.format === 'date' ? 'server.validation.date' : 'server.validation.datetime');
        break;
      case 'formatMinimum':
      case 'formatMaximum':
        message = t('server.validation.dateBounds', { min: DATE_MIN, max: DATE_MAX });
        break;
      case 'minItems':
        message = def?.type === 'region' ? t('server.validation.region') : t('server.validation.minItems', { limit: p.limit });
        break;
      case 'maxItems':
        message = def?.type === 'region' ? t('server.validation.region') : t('server.validation.maxItems', { limit: p.limit });
        break;
      case 'additionalProperties':
        message = i18n.t(locale, 'server.validation.unknownParam', { field: name });
        break;
      default:
        message = t('server.validation.invalid');
    }
    out.push({ field: name, message });
  }
  return out;
}
