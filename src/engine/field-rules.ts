/**
 * Form validation rules derived from the same field declaration the server validates with
 * (required, min/max, minLength/maxLength, pattern + patternMessage, phone and money patterns,
 * decimal min/max). The rule objects have the shape antd's Form.Item `rules` accepts, without
 * importing antd. Messages are produced through `t` from i18n keys.
 *
 * @example
 * const rules = fieldRules(staff.fields.username, (id, v) => intl.formatMessage({ id }, v));
 * <Form.Item name="username" rules={rules}>
 */
import { BIGINT_PATTERN, MONEY_MAX, PHONE_PATTERN, compareDecimal, type AnyField } from '../schema';

/** Structural subset of antd's Rule. */
export interface FieldRule {
  required?: boolean;
  whitespace?: boolean;
  type?: 'array';
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

export type Translate = (id: string, values?: Record<string, string | number>) => string;

export const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;
/** An amount of any size (its size is a rule of its own: "at most 9999999999.99", not "not an amount"). */
const AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/** Types whose control is a picker rather than a text box ("请选择…" instead of "请输入…"). */
const PICKED = new Set(['enum', 'boolean', 'date', 'datetime', 'dateRange', 'region', 'image', 'file', 'dict', 'ref']);

function empty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function check(test: (v: unknown) => boolean, message: string): FieldRule {
  return {
    validator: (_r, v) => (empty(v) || test(v) ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}

/**
 * Rules for one field. `label` is the field's localized title (used in messages).
 * `required` overrides the declaration (an API binding may require a field its declaration does not).
 */
export function fieldRules(field: AnyField, t: Translate, opts: { label?: string; required?: boolean } = {}): FieldRule[] {
  const label = opts.label ?? (field.title ? t(field.title) : '');
  const rules: FieldRule[] = [];
  const required = opts.required ?? !!field.required;
  const multi = !!field.multiple || field.type === 'dateRange' || field.type === 'region';
  if (required) {
    const message = t(PICKED.has(field.type) ? 'renderer.rule.select' : 'renderer.rule.required', { field: label });
    if (multi) rules.push({ required: true, type: 'array', message });
    else if (field.type === 'string' || field.type === 'text' || field.type === 'password') rules.push({ required: true, whitespace: true, message });
    else rules.push({ required: true, message });
  }
  const len = (v: unknown) => String(v).length;
  if (field.minLength !== undefined && field.minLength > 0) {
    rules.push(check((v) => len(v) >= field.minLength!, t('renderer.rule.minLength', { field: label, min: field.minLength })));
  }
  if (field.maxLength !== undefined) {
    rules.push(check((v) => len(v) <= field.maxLength!, t('renderer.rule.maxLength', { field: label, max: field.maxLength })));
  }
  switch (field.type) {
    case 'phone': {
      const re = new RegExp(field.pattern ?? PHONE_PATTERN);
      rules.push(
        check(
          (v) => re.test(String(v)),
          field.patternMessage ? t('renderer.rule.patternHint', { field: label, hint: t(field.patternMessage) }) : t('renderer.rule.phone', { field: label }),
        ),
      );
      break;
    }
    case 'money': {
      rules.push(check((v) => AMOUNT.test(String(v)), t('renderer.rule.money', { field: label })));
      const ok = (v: unknown) => AMOUNT.test(String(v));
      // the field's own bounds, else what a money column holds (as the server's schema: derive.ts)
      const min = field.min !== undefined ? String(field.min) : `-${MONEY_MAX}`;
      const max = field.max !== undefined ? String(field.max) : MONEY_MAX;
      rules.push(check((v) => !ok(v) || compareDecimal(String(v), min) >= 0, t('renderer.rule.min', { field: label, min })));
      rules.push(check((v) => !ok(v) || compareDecimal(String(v), max) <= 0, t('renderer.rule.max', { field: label, max })));
      break;
    }
    case 'number':
    case 'integer': {
      if (field.type === 'integer') rules.push(check((v) => Number.isInteger(Number(v)), t('renderer.rule.integer', { field: label })));
      if (field.min !== undefined) rules.push(check((v) => Number(v) >= Number(field.min), t('renderer.rule.min', { field: label, min: String(field.min) })));
      if (field.max !== undefined) rules.push(check((v) => Number(v) <= Number(field.max), t('renderer.rule.max', { field: label, max: String(field.max) })));
      break;
    }
    case 'bigint': {
      const re = new RegExp(BIGINT_PATTERN);
      rules.push(check((v) => (Array.isArray(v) ? v : [v]).every((x) => re.test(String(x))), t('renderer.rule.id', { field: label })));
      break;
    }
    case 'string':
    case 'text':
    case 'password':
    case 'boolean':
    case 'enum':
    case 'date':
    case 'datetime':
    case 'dateRange':
    case 'region':
    case 'image':
    case 'file':
    case 'dict':
    case 'ref':
      break; // only the common rules above
    default:
      // every field type is listed above: a new type fails to compile here until it chooses its rules
      field.type satisfies never;
  }
  if (field.pattern && field.type !== 'phone') {
    const re = new RegExp(field.pattern);
    rules.push(
      check(
        (v) => re.test(String(v)),
        field.patternMessage ? t('renderer.rule.patternHint', { field: label, hint: t(field.patternMessage) }) : t('renderer.rule.pattern', { field: label }),
      ),
    );
  }
  if (field.maxItems !== undefined && multi) {
    rules.push(check((v) => !Array.isArray(v) || v.length <= field.maxItems!, t('renderer.rule.maxItems', { field: label, max: field.maxItems })));
  }
  return oneMessage(rules);
}

/**
 * The value checks run one after another as one rule, so a field shows one message, its first
 * problem: antd runs every rule and listed each failure ("at least 8 characters" under "use 8–64
 * characters with letters and digits" for a password "1").
 */
function oneMessage(rules: FieldRule[]): FieldRule[] {
  const checks = rules.filter((r) => r.validator);
  if (checks.length < 2) return rules;
  const first: FieldRule = {
    validator: async (rule, value) => {
      for (const c of checks) await c.validator!(rule, value);
    },
  };
  return [...rules.filter((r) => !r.validator), first];
}

/** Runs rules the way a form would (for tests and non-antd callers); resolves with the first message or null. */
export async function firstError(rules: FieldRule[], value: unknown): Promise<string | null> {
  for (const r of rules) {
    if (r.required) {
      const bad =
        r.type === 'array' ? !Array.isArray(value) || value.length === 0 : empty(value) || (r.whitespace && typeof value === 'string' && !value.trim());
      if (bad) return r.message ?? 'required';
      continue;
    }
    if (r.validator) {
      try {
        await r.validator(r, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}
