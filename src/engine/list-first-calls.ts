/**
 * The GETs a list screen's first render asks for, for the state in `search`: the list, the tab counts
 * (filters without the tab field) and each toolbar switch's value. Whoever can send them sooner than
 * the screen renders does (the entry's early requests, a screen route's loader), and the screen's own
 * identical calls take those answers (src/shell/request/prefetch.ts).
 *
 * @example
 * for (const { binding, input } of firstListCalls(resource, new URLSearchParams(location.search))) prefetchCall(binding, input);
 */
import type { ApiBinding, Resource } from '../schema';
import { requireBinding } from './resource-helpers';
import { filtersForCounts, listQuery, parseListState } from './search-params';

export function firstListCalls(resource: Resource, search: URLSearchParams): { binding: ApiBinding; input?: Record<string, unknown> }[] {
  const view = resource.list;
  if (!view) return [];
  const state = parseListState(resource, search);
  const calls: { binding: ApiBinding; input?: Record<string, unknown> }[] = [
    { binding: requireBinding(resource, view.api), input: listQuery(resource, state) },
  ];
  if (view.tabs?.counts) calls.push({ binding: requireBinding(resource, view.tabs.counts), input: filtersForCounts(resource, state.filters) });
  // a toolbar switch reads its value with a GET binding of no input
  for (const name of new Set((view.toolbar ?? []).flatMap((i) => ('switch' in i ? [i.get] : [])))) calls.push({ binding: requireBinding(resource, name) });
  return calls;
}
