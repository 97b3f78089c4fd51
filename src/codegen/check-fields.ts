/**
 * Checks of what a resource file says about values: constraints that contradict each other, defaults
 * that do not fit their field, patterns that are not regular expressions, condition values that are not
 * values of the field's enum, names listed twice, and create forms that cannot fill a required field.
 * Each mistake is reported where it was written, with what to change.
 *
 * @example
 * checkFieldRules(ctx, { file, res }) // pushes e.g. '"minLength" 10 is above "maxLength" 5: no text can satisfy both; …'
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { AnyField, AppSchema, Resource } from '../schema';
import { compareDecimal, fieldJsonSchema, resolveBindingInput } from '../schema/derive';
import type { CheckContext, ResourceFile } from './check-context';
import { pointerOf } from './diagnostics';
import { bulkActionEntries } from '../schema/views';

type Err = (pointer: string, message: string, at?: 'key' | 'value') => void;

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);

const show = (v: unknown) => JSON.stringify(v);

export function checkFieldRules(ctx: CheckContext, { file, res }: ResourceFile): void {
  const err: Err = (pointer, message, at) => ctx.out.push(file.error(pointer, message, at));
  const enums: AppSchema['enums'] = { ...(ctx.app.enums ?? {}), ...(res.enums ?? {}) };
  const fields = res.fields ?? {};

  for (const [name, f] of Object.entries(fields)) checkField(err, enums, name, f, pointerOf('fields', name));
  for (const [bname, b] of Object.entries(res.api ?? {})) {
    for (const [pname, p] of Object.entries(b.input?.extra ?? {}))
      checkField(err, enums, pname, p as AnyField, pointerOf('api', bname, 'input', 'extra', pname));
    duplicates(err, b.input?.fields ?? [], pointerOf('api', bname, 'input', 'fields'), 'input field', 'fields');
  }
  conditionValues(err, enums, fields, res);
  listedTwice(err, res);
  createForms(err, res);
}

/** Contradicting constraints, an invalid pattern and a default that does not fit, on one field. */
function checkField(err: Err, enums: AppSchema['enums'], name: string, f: AnyField, pointer: string): void {
  if (f.min !== undefined && f.max !== undefined && above(f.min, f.max)) {
    err(`${pointer}/min`, `"min" ${show(f.min)} is above "max" ${show(f.max)} on "${name}": no value can satisfy both; lower "min" or raise "max"`);
  }
  if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength) {
    err(
      `${pointer}/minLength`,
      `"minLength" ${f.minLength} is above "maxLength" ${f.maxLength} on "${name}": no text can satisfy both; lower "minLength" or raise "maxLength"`,
    );
  }
  if (f.readOnly && f.writeOnly) {
    err(`${pointer}/writeOnly`, `"${name}" is both "readOnly" (never sent by forms) and "writeOnly" (never returned or shown): keep one of them`);
  }
  if (f.required && f.minLength === 0) {
    err(`${pointer}/minLength`, `"${name}" is "required" but allows an empty text ("minLength": 0): remove "minLength" or "required"`);
  }
  let patternOk = true;
  if (f.pattern !== undefined) {
    try {
      // the server's validator (ajv) compiles patterns with the "u" flag; the browser takes what it takes
      new RegExp(f.pattern, 'u');
    } catch (e) {
      patternOk = false;
      const why = (e instanceof Error ? e.message : String(e)).replace(/^Invalid regular expression: /, '');
      err(
        `${pointer}/pattern`,
        `"pattern" of "${name}" is not a valid regular expression (${why}); close every group and bracket, and escape special characters such as ( [ { . with \\`,
      );
    }
  }
  if (f.default !== undefined) checkDefault(err, enums, name, f, `${pointer}/default`, patternOk);
}

/** min above max: numbers, or decimal strings (money) compared exactly. */
function above(min: number | string, max: number | string): boolean {
  if (typeof min === 'number' && typeof max === 'number') return min > max;
  const a = String(min);
  const b = String(max);
  return /^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b) && compareDecimal(a, b) > 0;
}

function checkDefault(err: Err, enums: AppSchema['enums'], name: string, f: AnyField, pointer: string, patternOk: boolean): void {
  const d = f.default;
  if (f.type === 'enum' && f.enum && enums[f.enum]) {
    const values = enums[f.enum].values.map((v) => v.value);
    const list = Array.isArray(d) && f.multiple ? d : [d];
    const bad = list.find((v) => !values.some((x) => x === v));
    if (bad !== undefined || (f.multiple && !Array.isArray(d))) {
      const hint = f.multiple && !Array.isArray(d) ? ' (the field is "multiple": the default is a list, such as [' + show(values[0]) + '])' : '';
      err(pointer, `default ${show(bad ?? d)} of "${name}" is not a value of enum "${f.enum}" (${values.map((v) => show(v)).join(', ')})${hint}`);
    }
    return;
  }
  if (f.type === 'enum' || !patternOk) return; // an unknown enum or a broken pattern is reported on its own
  const schema = fieldJsonSchema({ ...f, required: false }, { enums });
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch {
    return;
  }
  if (validate(d)) {
    const bound = moneyBound(f, d);
    if (bound) err(pointer, `default ${show(d)} of "${name}" is ${bound}`);
    return;
  }
  const e = validate.errors?.[0];
  const where = e?.instancePath ? ` at ${e.instancePath}` : '';
  err(
    pointer,
    `default ${show(d)} does not fit "${name}" (type "${f.type}"${f.multiple ? ', multiple' : ''}): ${e?.message ?? 'wrong value'}${where}; write a value the field accepts, or remove "default"`,
  );
}

/** money bounds are decimal strings, outside JSON Schema's numbers */
function moneyBound(f: AnyField, d: unknown): string | null {
  if (f.type !== 'money' || typeof d !== 'string') return null;
  if (f.min !== undefined && compareDecimal(d, String(f.min)) < 0) return `below its "min" ${show(f.min)}`;
  if (f.max !== undefined && compareDecimal(d, String(f.max)) > 0) return `above its "max" ${show(f.max)}`;
  return null;
}

/** The values an enum or boolean field takes; undefined for other fields (or an unknown enum, reported elsewhere). */
function valuesOf(enums: AppSchema['enums'], f: AnyField | undefined): unknown[] | undefined {
  if (f?.type === 'enum' && f.enum) return enums[f.enum]?.values.map((v) => v.value);
  return f?.type === 'boolean' ? [true, false] : undefined;
}

const sourceOf = (f: AnyField) => (f.type === 'enum' ? `enum "${f.enum}"` : 'a boolean field');

/**
 * `when` of actions and `visibleWhen` of form items: values of an enum field must be its values; so
 * must the fixed `params` an action sends.
 */
function conditionValues(err: Err, enums: AppSchema['enums'], fields: Record<string, AnyField>, res: Resource): void {
  const check = (cond: Record<string, unknown[]> | undefined, base: string, what: string) => {
    for (const [name, allowed] of Object.entries(cond ?? {})) {
      const f = fields[name];
      if (!f || !Array.isArray(allowed)) continue; // an unknown field is reported by the name checks
      const values = valuesOf(enums, f);
      if (!values) continue;
      allowed.forEach((v, i) => {
        if (v === null || values.some((x) => x === v || String(x) === String(v))) return;
        err(
          `${base}/${pointerOf(name).slice(1)}/${i}`,
          `${what} value ${show(v)} for "${name}" is not one of the values of ${sourceOf(f)} (${values.map((x) => show(x)).join(', ')}), so it never matches`,
        );
      });
    }
  };
  for (const [aname, a] of Object.entries(res.actions ?? {})) {
    check(a.when as Record<string, unknown[]>, `${pointerOf('actions', aname)}/when`, 'condition');
    // a fixed value the action sends must be one the field accepts
    for (const [name, v] of Object.entries(a.params ?? {})) {
      const values = valuesOf(enums, fields[name]);
      if (!values) continue;
      const list = Array.isArray(v) ? v : [v];
      const bad = list.find((x) => !values.some((y) => y === x));
      if (bad === undefined) continue;
      err(
        pointerOf('actions', aname, 'params', name),
        `fixed value ${show(bad)} of param "${name}" is not one of the values of ${sourceOf(fields[name])} (${values.map((x) => show(x)).join(', ')}): the server would refuse it`,
      );
    }
  }
  for (const [fname, form] of Object.entries(res.forms ?? {})) {
    form.items.forEach((item, i) => {
      if (typeof item !== 'string') check(item.visibleWhen as Record<string, unknown[]>, `${pointerOf('forms', fname, 'items', i)}/visibleWhen`, 'visibleWhen');
    });
  }
}

function duplicates(err: Err, names: string[], base: string, kind: string, section: string): void {
  const first = new Map<string, number>();
  names.forEach((n, i) => {
    const at = first.get(n);
    if (at === undefined) first.set(n, i);
    else err(`${base}/${i}`, `${kind} "${n}" is listed twice in "${section}" (first at ${base}/${at}); remove one`);
  });
}

/** The same name twice in one list of a view. */
function listedTwice(err: Err, res: Resource): void {
  const list = res.list;
  if (list) {
    const columns = list.columns.map((c) => (typeof c === 'string' ? c : c.field));
    const first = new Map<string, number>();
    columns.forEach((n, i) => {
      const at = first.get(n);
      const p = typeof list.columns[i] === 'string' ? `/list/columns/${i}` : `/list/columns/${i}/field`;
      if (at === undefined) first.set(n, i);
      else err(p, `column "${n}" is listed twice in "columns" (first at /list/columns/${at}); remove one, or show a second field in the same cell with "also"`);
    });
    duplicates(err, list.search ?? [], '/list/search', 'search field', 'search');
    duplicates(err, list.rowActions ?? [], '/list/rowActions', 'action', 'rowActions');
    duplicates(
      err,
      bulkActionEntries(list).map((b) => b.action),
      '/list/bulkActions',
      'action',
      'bulkActions',
    );
  }
  for (const [fname, form] of Object.entries(res.forms ?? {})) {
    const names = form.items.map((it) => (typeof it === 'string' ? it : it.field));
    const first = new Map<string, number>();
    names.forEach((n, i) => {
      const at = first.get(n);
      const p = typeof form.items[i] === 'string' ? pointerOf('forms', fname, 'items', i) : pointerOf('forms', fname, 'items', i, 'field');
      if (at === undefined) first.set(n, i);
      else err(p, `form item "${n}" is listed twice in form "${fname}" (first at ${pointerOf('forms', fname, 'items', at)}); remove one`);
    });
  }
  (res.detail?.sections ?? []).forEach((s, i) => duplicates(err, s.fields ?? [], `/detail/sections/${i}/fields`, 'field', 'fields'));
}

/**
 * A form opened from the toolbar creates a record from nothing: every parameter its api requires must
 * come from an editable item or from the action's fixed `params`.
 */
function createForms(err: Err, res: Resource): void {
  const fields = res.fields ?? {};
  for (const item of res.list?.toolbar ?? []) {
    if (!('action' in item)) continue;
    const action = res.actions?.[item.action];
    const fname = action?.form;
    const form = fname ? res.forms?.[fname] : undefined;
    const binding = form ? res.api?.[form.api] : undefined;
    if (!action || !fname || !form || !binding || (action.kind && action.kind !== 'form')) continue;
    let params;
    try {
      params = resolveBindingInput(res, binding);
    } catch {
      continue; // an unresolvable binding is reported by the name checks
    }
    const fixed = new Set(Object.keys(action.params ?? {}));
    const base = pointerOf('forms', fname);
    const lead = (n: string) => `form "${fname}" (opened by toolbar action "${item.action}") creates a record through api "${form.api}", which requires "${n}"`;
    for (const p of params.filter((x) => x.required && !fixed.has(x.name))) {
      const i = form.items.findIndex((it) => (typeof it === 'string' ? it : it.field) === p.name);
      const it = form.items[i];
      if (i < 0) {
        err(`${base}/items`, `${lead(p.name)}, but "${p.name}" is not among its items: add it to "items", or give the action a fixed value in "params"`);
      } else if ((typeof it !== 'string' && it.readOnly) || fields[p.name]?.readOnly) {
        const where = typeof it !== 'string' && it.readOnly ? 'the item is "readOnly"' : `field "${p.name}" is "readOnly"`;
        err(`${base}/items/${i}`, `${lead(p.name)}, but ${where}, so the form never sends it: make it editable, or not required by the api`);
      } else if (fields[p.name]?.hideInForm) {
        err(`${base}/items/${i}`, `${lead(p.name)}, but field "${p.name}" has "hideInForm": remove "hideInForm", or make the field optional`);
      }
    }
  }
}
