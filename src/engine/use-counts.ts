/**
 * Tab counts from the list's counts binding, following the current filters minus the tab field
 * (each tab shows how many rows it would hold under the same search). Refetches when `version` changes.
 *
 * @example
 * const { counts, all } = useCounts(order, list.state.filters, list.version);
 * counts.pending // 12
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import type { Resource } from '../schema';
import { useRuntime } from './runtime';
import { useArrived } from './use-arrived';
import { useArrivedAtVisit, useDrawnAhead } from './drawn-ahead';
import { requireBinding } from './resource-helpers';
import { filtersForCounts, type Filters } from './search-params';

export interface Counts {
  counts: Record<string, number>;
  /** sum over every value: the "all" tab */
  all: number;
  loading: boolean;
  error: Error | null;
}

function toCounts(data: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries((data as Record<string, number | string> | null) ?? {})) out[k] = Number(v) || 0;
  return out;
}

export function useCounts(resource: Resource, filters: Filters, version = 0): Counts {
  const { call } = useRuntime();
  const name = resource.list?.tabs?.counts;
  const binding = name ? requireBinding(resource, name) : undefined;
  const key = JSON.stringify(filtersForCounts(resource, filters));
  // counts already in (asked for before the app started): the tabs' first render shows them
  const first = useArrived(binding, JSON.parse(key) as Record<string, unknown>, toCounts);
  const [counts, setCounts] = useState<Record<string, number>>(first?.value ?? {});
  const [error, setError] = useState<Error | null>(null);
  const want = `${version}|${key}`;
  // the search and version the counts shown answer (or failed for): loading while another is wanted
  const [settled, setSettled] = useState<string | null>(first ? want : null);
  // a list drawn ahead and visited now: counts in already show in the visit's render (the effect's
  // call below then takes the same answer, no second request)
  const visit = useArrivedAtVisit(binding, JSON.parse(key) as Record<string, unknown>, toCounts);
  if (visit && !Object.keys(counts).length) {
    setCounts(visit.value);
    setSettled(want);
  }

  // A kept-alive page shown again re-runs its effects (React's <Activity>): counts already in for this
  // search and version are not asked again (the rows are not either; see useListController). A list
  // drawn ahead asks for none before its visit.
  const fetched = useRef<string | null>(first ? want : null);
  const drawnAhead = useDrawnAhead();
  useEffect(() => {
    if (!binding || drawnAhead) return;
    if (fetched.current === want) return;
    const ac = new AbortController();
    // Nothing is set as the call leaves (the tabs show the counts they have until the new ones come),
    // and the answer is drawn as a transition: the list's rows, asked for at the same time, usually
    // come first, and the tab bar drawn again (8 tabs with their motion) no longer holds up the frame
    // that shows them; React draws the counts in slices around it.
    const settle = (next: Record<string, number> | null, e: Error | null) =>
      startTransition(() => {
        if (next) setCounts((c) => (JSON.stringify(c) === JSON.stringify(next) ? c : next));
        setError(e);
        setSettled(want);
      });
    call<Record<string, number | string>>(binding, JSON.parse(key) as Record<string, unknown>, { signal: ac.signal })
      .then((data) => {
        if (ac.signal.aborted) return;
        fetched.current = want;
        settle(toCounts(data), null);
      })
      .catch((e: unknown) => !ac.signal.aborted && settle(null, e instanceof Error ? e : new Error(String(e))));
    return () => ac.abort();
  }, [call, binding, key, want, drawnAhead]);
  const loading = !!binding && settled !== want;

  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return { counts, all, loading, error };
}
