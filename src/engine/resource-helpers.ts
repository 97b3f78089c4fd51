/**
 * Small lookups over a resource schema shared by the engine hooks and the renderer.
 *
 * @example
 * const { binding } = requireBinding(staff, 'list');
 * fieldOf(staff, 'phone')           // { type: 'phone', title: 'staff.phone', mask: true }
 * enumValues(app, staff, staff.fields.enabled) // [{ value: true, label: 'enum.userStatus.enabled', ... }]
 */
// derive.ts, not the schema index: that one builds the TypeBox schemas, which the entry (its early requests) must not carry.
import { enumsFor } from '../schema/derive';
import { resolveBindingInput } from '../schema';
import type { AnyField, ApiBinding, AppSchema, Column, EnumValue, Field, FormItem, Resource, When } from '../schema';

/** The API binding of a resource, or a clear error naming what is missing. */
export function requireBinding(resource: Resource, name: string): ApiBinding {
  const b = resource.api?.[name];
  if (!b) throw new Error(`resource "${resource.name}" has no api binding "${name}"`);
  return b;
}

/** A declared field, or a clear error. */
export function fieldOf(resource: Resource, name: string): Field {
  const f = resource.fields?.[name];
  if (!f) throw new Error(`resource "${resource.name}" has no field "${name}"`);
  return f;
}

/** The values of the enum a field points at (app enums plus the resource's own). */
export function enumValues(app: Pick<AppSchema, 'enums'>, resource: Resource, field: AnyField): EnumValue[] {
  if (!field.enum) return [];
  const def = enumsFor(app, resource).enums[field.enum];
  if (!def) throw new Error(`resource "${resource.name}": enum "${field.enum}" is not defined`);
  return def.values;
}

export interface NormalizedColumn {
  field: string;
  title?: string;
  width?: number;
  fixed?: 'left' | 'right';
  render?: string;
  hideByDefault?: boolean;
  also: string[];
}

/** list.columns with the string shorthand expanded. */
export function normalizeColumns(columns: Column[]): NormalizedColumn[] {
  return columns.map((c) => (typeof c === 'string' ? { field: c, also: [] } : { ...c, also: c.also ?? [] }));
}

export interface NormalizedFormItem {
  field: string;
  span?: number;
  readOnly: boolean;
  visibleWhen?: When;
  dependsOn: string[];
  /** fixed filters of a dict/ref search (sent with the dependsOn values) */
  params?: Record<string, string | number | boolean>;
}

/** forms.*.items with the string shorthand expanded; an item is read-only if the item or its field says so. */
export function normalizeFormItems(resource: Resource, items: FormItem[]): NormalizedFormItem[] {
  return items.map((it) => {
    const o = typeof it === 'string' ? { field: it } : it;
    const field = fieldOf(resource, o.field);
    return {
      field: o.field,
      span: 'span' in o ? o.span : undefined,
      readOnly: !!('readOnly' in o && o.readOnly) || !!field.readOnly,
      visibleWhen: 'visibleWhen' in o ? o.visibleWhen : undefined,
      dependsOn: ('dependsOn' in o && o.dependsOn) || [],
      params: 'params' in o ? o.params : undefined,
    };
  });
}

/** The key of a row: list.rowKey or "id", always a string (64-bit ids arrive as strings). */
export function rowKeyOf(resource: Resource, record: Record<string, unknown>): string {
  return String(record[resource.list?.rowKey ?? 'id']);
}

/** Picks `names` from `values`, dropping undefined. */
export function pick(values: Record<string, unknown>, names: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) if (values[n] !== undefined) out[n] = values[n];
  return out;
}

/**
 * What a binding is called with for `record`: the record's values of the binding's inputs (undefined
 * ones left out). One definition for the view that calls it and for a request sent ahead of that view
 * (Runtime.prefetch), whose answer is used only when the two are the same call.
 */
export function bindingInputOf(resource: Resource, binding: ApiBinding, record: Record<string, unknown>): Record<string, unknown> {
  return pick(
    record,
    resolveBindingInput(resource, binding).map((p) => p.name),
  );
}

/** Columns hidden until the user shows them: column hideByDefault or field hideInTable. */
export function hiddenByDefault(resource: Resource): string[] {
  return normalizeColumns(resource.list?.columns ?? [])
    .filter((c) => c.hideByDefault || resource.fields?.[c.field]?.hideInTable)
    .map((c) => c.field);
}

/** The key of a list's "all" tab (no filter on the tab field). */
export const ALL_TAB = '__all';

/**
 * A list's status tabs with their labels: "待派单 (85)" when the list counts per tab (missing counts
 * read 0, the "all" tab sums them), the bare label otherwise. `active` is the tab the URL's `tab`
 * selects, or the default (all, or the first tab when there is no "all").
 */
export function listTabs(
  app: Pick<AppSchema, 'enums'>,
  resource: Resource,
  t: (key: string) => string,
  tab: string | undefined,
  counts?: Record<string, number>,
): { items: { key: string; label: string }[]; active: string | undefined } {
  const tabs = resource.list?.tabs;
  if (!tabs) return { items: [], active: undefined };
  const values = enumValues(app, resource, fieldOf(resource, tabs.field)).filter((v) => !tabs.values || tabs.values.includes(String(v.value)));
  const shown = tabs.counts ? (counts ?? {}) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  const items = values.map((v) => ({ key: String(v.value), label: label(t(v.label), shown ? (shown[String(v.value)] ?? 0) : undefined) }));
  const all = shown ? Object.values(shown).reduce((a, b) => a + b, 0) : undefined;
  const list = tabs.all === false ? items : [{ key: ALL_TAB, label: label(t('renderer.tab.all'), all) }, ...items];
  return { items: list, active: tab ?? (tabs.all === false ? list[0]?.key : ALL_TAB) };
}
