/**
 * List state in the URL: page, page size, tab and filters live in the search string so a reload,
 * a shared link and the browser's back/forward restore the same list. Pure functions.
 *
 * @example
 * parseListState(staff, new URLSearchParams('current=2&roles=admin&roles=finance'))
 * // { current: 2, pageSize: 20, tab: undefined, filters: { roles: ['admin', 'finance'] } }
 */
import dayjs from 'dayjs';
import { resolveBindingInput, searchFieldNames, searchParamsOf } from '../schema/derive';
import type { AnyField, AppSchema, Resource } from '../schema';
import { enumValues, fieldOf, requireBinding } from './resource-helpers';

export type FilterValue = string | string[];
export type Filters = Record<string, FilterValue>;

export interface ListState {
  current: number;
  pageSize: number;
  tab?: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  filters: Filters;
}

import { TAB_PARAM } from '../schema';
export { TAB_PARAM };
export const DEFAULT_PAGE_SIZE = 20;

/** Names of the filter params of the list binding (search fields, ranges as From/To), minus the tab field. */
export function filterParamNames(resource: Resource): string[] {
  const list = resource.list;
  if (!list) return [];
  const tabField = list.tabs?.field;
  return resolveBindingInput(resource, requireBinding(resource, list.api))
    .map((p) => p.name)
    .filter((n) => n !== 'current' && n !== 'pageSize' && n !== 'sortField' && n !== 'sortOrder' && n !== tabField);
}

function toInt(v: string | null, fallback: number, min: number, max: number): number {
  if (v === null || !/^\d+$/.test(v)) return fallback;
  const n = Number(v);
  return n < min || n > max ? fallback : n;
}

/** Reads the list state from a search string; unknown or malformed params are ignored. */
export function parseListState(resource: Resource, search: URLSearchParams): ListState {
  const defaultSize = resource.list?.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: Filters = {};
  const fields = resource.fields ?? {};
  for (const name of filterParamNames(resource)) {
    const all = search.getAll(name).filter((v) => v !== '');
    if (all.length === 0) continue;
    const field = fields[name] ?? fields[name.replace(/(From|To)$/, '')];
    filters[name] = field && (field.type === 'dateRange' || field.multiple) ? all : all.length > 1 ? all : all[0];
  }
  const sortOrder = search.get('sortOrder');
  return {
    current: toInt(search.get('current'), 1, 1, 1_000_000),
    pageSize: toInt(search.get('pageSize'), defaultSize, 1, 200),
    tab: search.get(TAB_PARAM) || undefined,
    sortField: search.get('sortField') || undefined,
    sortOrder: sortOrder === 'ascend' || sortOrder === 'descend' ? sortOrder : undefined,
    filters,
  };
}

/** Writes the list state as a search string, leaving defaults out so URLs stay short. */
export function serializeListState(resource: Resource, state: ListState): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) {
    for (const one of Array.isArray(v) ? v : [v]) if (one !== '') out.append(k, one);
  }
  if (state.tab) out.set(TAB_PARAM, state.tab);
  if (state.sortField && state.sortOrder) {
    out.set('sortField', state.sortField);
    out.set('sortOrder', state.sortOrder);
  }
  if (state.current !== 1) out.set('current', String(state.current));
  if (state.pageSize !== (resource.list?.pageSize ?? DEFAULT_PAGE_SIZE)) out.set('pageSize', String(state.pageSize));
  return out;
}

/** The input of the list call: filters, the tab as its field, page and sort. */
export function listQuery(resource: Resource, state: ListState): Record<string, unknown> {
  const q: Record<string, unknown> = { ...state.filters };
  const tabField = resource.list?.tabs?.field;
  if (tabField && state.tab) q[tabField] = state.tab;
  q.current = state.current;
  q.pageSize = state.pageSize;
  // Sort only goes to a list binding that declares it (otherwise the server refuses the extra params).
  const sortable = resource.list ? !!resource.api?.[resource.list.api]?.input?.sort : false;
  if (sortable && state.sortField && state.sortOrder) {
    q.sortField = state.sortField;
    q.sortOrder = state.sortOrder;
  }
  return q;
}

/**
 * Fields shown in the search form: the list's search fields minus the tab field (tabs already filter
 * it) and, given `readable` (optionsReadable), minus those whose options the user may not read.
 */
export function searchFormFields(resource: Resource, readable?: (field: AnyField) => boolean): string[] {
  const tabField = resource.list?.tabs?.field;
  return searchFieldNames(resource).filter((n) => n !== tabField && (!readable || readable(fieldOf(resource, n))));
}

function typed(app: Pick<AppSchema, 'enums'>, resource: Resource, field: AnyField, raw: string): unknown {
  switch (field.type) {
    case 'enum': {
      const hit = enumValues(app, resource, field).find((v) => String(v.value) === raw);
      return hit ? hit.value : raw;
    }
    case 'number':
    case 'integer':
      return raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

/**
 * URL filters → search form values (typed as the controls hold them: enum values with their real
 * type, ranges as [from, to] under the field's name).
 */
export function filtersToFormValues(app: Pick<AppSchema, 'enums'>, resource: Resource, filters: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of searchFormFields(resource)) {
    const field = fieldOf(resource, name);
    if (field.search === 'range') {
      const from = filters[`${name}From`];
      const to = filters[`${name}To`];
      if (from !== undefined || to !== undefined) out[name] = [one(from) ?? null, one(to) ?? null];
      continue;
    }
    const v = filters[name];
    if (v === undefined) continue;
    out[name] = Array.isArray(v) ? v.map((x) => typed(app, resource, field, x)) : typed(app, resource, field, v);
  }
  return out;
}

function one(v: FilterValue | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Search form values → URL filters (strings). A datetime range covers whole days: the start of the
 * first day to the end of the last, with the browser's offset.
 */
export function formValuesToFilters(resource: Resource, values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const name of searchFormFields(resource)) {
    const field = fieldOf(resource, name);
    const v = values[name];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (field.search === 'range') {
      const [from, to] = Array.isArray(v) ? v : [];
      const params = searchParamsOf(name, field).map((p) => p.name);
      if (from !== null && from !== undefined && from !== '') out[params[0]] = rangeEdge(field, String(from), 'start');
      if (to !== null && to !== undefined && to !== '') out[params[1]] = rangeEdge(field, String(to), 'end');
      continue;
    }
    out[name] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

function rangeEdge(field: AnyField, v: string, edge: 'start' | 'end'): string {
  if (field.type !== 'datetime') return v;
  // A bare date picked in the search form widens to the whole day; a full datetime stays as chosen.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = dayjs(v);
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** Filters without the tab's field: what the tab counts are computed over. */
export function filtersForCounts(resource: Resource, filters: Filters): Filters {
  const tabField = resource.list?.tabs?.field;
  const out = { ...filters };
  if (tabField) delete out[tabField];
  return out;
}

/** Stable string for comparing two filter sets. */
export function filtersKey(filters: Filters): string {
  return JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((k) => [k, filters[k]]),
  );
}
