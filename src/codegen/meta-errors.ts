/**
 * Validates a parsed schema file with ajv against the JSON Schema of its TypeBox definition and
 * turns ajv's errors into plain sentences at the right place. Unions are resolved first: of the
 * branches of an anyOf only the one that fits the value's shape speaks, and a union of literals
 * becomes one "must be one of …" sentence.
 *
 * @example
 * metaErrors(file, RESOURCE_META) // [{ pointer: '/colums', message: 'unknown property "colums" (did you mean "columns"?)', … }]
 */
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { I18nKey } from '../schema/field';
import { ApiBinding } from '../schema/api';
import { Route } from '../schema/resource';
import { pointerOf, type Diagnostic } from './diagnostics';
import type { JsonFile } from './json-file';

type Json = Record<string, any>;

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: Json): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

/** Patterns with a plain-language meaning (checked by the pattern string, never by the key name). */
const PATTERN_SENTENCES: Record<string, string> = {
  [I18nKey.pattern as string]: 'must be an i18n key such as "order.amount" (words joined by dots), not literal text',
  '^[a-zA-Z][a-zA-Z0-9_]*$': 'must be a name: a letter, then letters, digits or _',
  '^[a-zA-Z][a-zA-Z0-9]*$': 'must be a name: a letter, then letters or digits',
  '^/': 'must start with "/"',
  [Route.properties.path.pattern as string]: 'must be a route path such as "/order" (starting with "/")',
  [ApiBinding.properties.path.pattern as string]: 'must be an API path such as "order/list" (a letter first, then letters, digits, /, _, . or -)',
  [Route.properties.icon.pattern as string]: 'must be an @ant-design/icons name such as "TeamOutlined"',
  '^#[0-9a-fA-F]{6}$': 'must be a colour such as "#1677ff"',
  '^https?://': 'must be an http:// or https:// URL',
  '^-?\\d+(\\.\\d{1,2})?$': 'must be a decimal such as "0.01"',
};

/** Schema-level problems of one file, each with its position. */
export function metaErrors(file: JsonFile, schema: Json): Diagnostic[] {
  const validate = validatorFor(schema);
  if (validate(file.data)) return [];
  const errors = resolveUnions(validate.errors ?? []);
  return errors.map((e) => toDiagnostic(file, e));
}

/** Keeps, for every anyOf, only the errors of the branch that fits the value (outermost first). */
function resolveUnions(all: ErrorObject[]): (ErrorObject | Synthetic)[] {
  let errors: (ErrorObject | Synthetic)[] = [...all];
  const unions = all.filter((e) => e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (!errors.includes(union)) continue;
    const inUnion = (e: ErrorObject | Synthetic) =>
      e !== union && e.schemaPath.startsWith(union.schemaPath + '/') && isWithin(e.instancePath, union.instancePath);
    const branches: Json[] = (union.parentSchema as Json).anyOf;
    const data = union.data;
    const branchOf = (e: ErrorObject | Synthetic) => Number(e.schemaPath.slice(union.schemaPath.length + 1).split('/')[0]);
    let keep: number | null = null;
    let replacement: Synthetic | null = null;
    if (branches.every((b) => 'const' in b)) {
      replacement = synthetic(union, `must be one of ${branches.map((b) => String(b.const)).join(', ')}; got ${show(data)}`);
    } else {
      const fitting = branches.map((b, i) => ({ b, i })).filter(({ b }) => fitsShape(b, data));
      if (fitting.length === 0) {
        const wanted = [...new Set(branches.map(shapeName))].join(' or ');
        replacement = synthetic(union, `must be ${wanted}; got ${kindOf(data)}`);
      } else {
        const count = (i: number) => errors.filter((e) => inUnion(e) && branchOf(e) === i).length;
        keep = fitting.reduce((best, cur) => (count(cur.i) < count(best.i) ? cur : best)).i;
      }
    }
    errors = errors.filter((e) => e !== union && (!inUnion(e) || branchOf(e) === keep));
    if (replacement) errors.push(replacement);
  }
  return errors;
}

interface Synthetic {
  keyword: '$sentence';
  instancePath: string;
  schemaPath: string;
  message: string;
  params: Json;
  data: unknown;
  parentSchema?: Json;
}

function synthetic(e: ErrorObject, message: string): Synthetic {
  return { keyword: '$sentence', instancePath: e.instancePath, schemaPath: e.schemaPath, message, params: {}, data: e.data };
}

function isWithin(path: string, parent: string): boolean {
  return path === parent || path.startsWith(parent + '/');
}

function fitsShape(branch: Json, data: unknown): boolean {
  if ('const' in branch) return branch.const === data;
  const t = branch.type;
  if (!t) return true;
  const types: string[] = Array.isArray(t) ? t : [t];
  return types.some((x) => x === kindOf(data) || (x === 'number' && kindOf(data) === 'integer'));
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function shapeName(branch: Json): string {
  if ('const' in branch) return show(branch.const);
  return article(branch.type);
}

function article(t: unknown): string {
  switch (t) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'null':
      return 'null';
    default:
      return Array.isArray(t) ? t.map(article).join(' or ') : String(t);
  }
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'nothing' : s.length > 60 ? s.slice(0, 57) + '…' : s;
}

/** `"title"` for /list/title, `item 2 of "columns"` for /list/columns/2, `the file` for the root. */
function subject(instancePath: string): string {
  const segs = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!segs.length) return 'the file';
  const last = segs[segs.length - 1];
  if (/^\d+$/.test(last)) return segs.length > 1 ? `item ${last} of "${segs[segs.length - 2]}"` : `item ${last}`;
  return `"${last}"`;
}

function toDiagnostic(file: JsonFile, e: ErrorObject | Synthetic): Diagnostic {
  const at = e.instancePath;
  const who = subject(at);
  const p = e.params as Json;
  switch (e.keyword) {
    case '$sentence':
      return file.error(at, `${who} ${e.message}`);
    case 'additionalProperties': {
      const name: string = p.additionalProperty;
      const parent = e.parentSchema as Json;
      const where = at + pointerOf(name);
      if (parent.patternProperties && !parent.properties) {
        const pattern = Object.keys(parent.patternProperties)[0];
        const rule = PATTERN_SENTENCES[pattern] ?? `must match ${pattern}`;
        const why = rule.startsWith('must be a name: ') ? `names are ${rule.slice('must be a name: '.length)}` : rule;
        return file.error(where, `invalid name "${name}" (${why})`, 'key');
      }
      const known = Object.keys(parent.properties ?? {});
      const guess = closest(name, known);
      const hint = guess ? ` (did you mean "${guess}"?)` : known.length && known.length <= 12 ? ` (allowed: ${known.join(', ')})` : '';
      return file.error(where, `unknown property "${name}"${hint}`, 'key');
    }
    case 'required':
      return file.error(at, `missing required property "${p.missingProperty}"${at ? ` in ${who}` : ''}`);
    case 'type':
      return file.error(at, `${who} must be ${article(p.type)}; got ${kindOf(e.data)}`);
    case 'pattern': {
      const rule = PATTERN_SENTENCES[p.pattern] ?? `must match the pattern ${p.pattern}`;
      return file.error(at, `${who} ${rule}; got ${show(e.data)}`);
    }
    case 'const':
      return file.error(at, `${who} must be ${show(p.allowedValue)}; got ${show(e.data)}`);
    case 'enum':
      return file.error(at, `${who} must be one of ${(p.allowedValues as unknown[]).map((v) => String(v)).join(', ')}; got ${show(e.data)}`);
    case 'minItems':
      return file.error(at, `${who} must have at least ${p.limit} ${p.limit === 1 ? 'item' : 'items'}`);
    case 'maxItems':
      return file.error(at, `${who} must have at most ${p.limit} ${p.limit === 1 ? 'item' : 'items'}`);
    case 'minLength':
      return file.error(at, `${who} must be at least ${p.limit} characters long`);
    case 'maxLength':
      return file.error(at, `${who} must be at most ${p.limit} characters long`);
    case 'minimum':
      return file.error(at, `${who} must be at least ${p.limit}; got ${show(e.data)}`);
    case 'maximum':
      return file.error(at, `${who} must be at most ${p.limit}; got ${show(e.data)}`);
    case 'exclusiveMinimum':
      return file.error(at, `${who} must be greater than ${p.limit}; got ${show(e.data)}`);
    case 'exclusiveMaximum':
      return file.error(at, `${who} must be less than ${p.limit}; got ${show(e.data)}`);
    case 'uniqueItems':
      return file.error(at, `${who} repeats a value (items ${p.j} and ${p.i} are equal)`);
    default:
      return file.error(at, `${who} ${e.message ?? 'is invalid'}`);
  }
}

/** The known name nearest to a typo (edit distance ≤ 2, or ≤ a third of its length). */
export function closest(name: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  if (best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3))) return best;
  // "closeForm" → "close": a known name the typo starts or ends with
  const lower = name.toLowerCase();
  return known.find((k) => k.length >= 3 && (lower.startsWith(k.toLowerCase()) || lower.endsWith(k.toLowerCase())));
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
