/**
 * The list screen's state and data: page, page size, tab and filters are read from and written to
 * the URL search string (react-router's useSearchParams), so back/forward and shared links restore
 * the same list. Fetches through the list binding, keeps the selection, refetches on demand.
 *
 * @example
 * const list = useListController(staff);
 * list.setFilters({ username: 'zhang' });   // URL → ?username=zhang, fetches page 1
 * list.rows; list.total; list.setPage(2, 20); list.refetch();
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page, Resource } from '../schema';
import { useRuntime } from './runtime';
import { requireBinding, rowKeyOf } from './resource-helpers';
import { filtersKey, listQuery, parseListState, serializeListState, type Filters, type ListState } from './search-params';

export type Row = Record<string, unknown>;

export interface ListController {
  state: ListState;
  /** what was sent to the list binding */
  query: Record<string, unknown>;
  rows: Row[];
  total: number;
  /** false when the server says `total` is an estimate (`totalExact: false`, huge results) */
  totalExact: boolean;
  loading: boolean;
  error: Error | null;
  /** bumps after every fetch request (counts and other dependents follow it) */
  version: number;
  setFilters: (filters: Filters) => void;
  setPage: (current: number, pageSize?: number) => void;
  /** `replace` rewrites the current history entry (defaults chosen by the screen, not by the user) */
  setTab: (tab: string | undefined, opts?: { replace?: boolean }) => void;
  setSort: (sortField?: string, sortOrder?: 'ascend' | 'descend') => void;
  refetch: () => void;
  selectedKeys: string[];
  selectedRows: Row[];
  setSelectedKeys: (keys: string[]) => void;
  rowKey: (record: Row) => string;
}

/** Accepts a page result or a bare list. */
function toPage(data: unknown): { list: Row[]; total: number; totalExact: boolean } {
  if (Array.isArray(data)) return { list: data as Row[], total: data.length, totalExact: true };
  const p = data as (Partial<Page<Row>> & { totalExact?: boolean }) | null;
  if (!p || !Array.isArray(p.list)) throw new Error('list binding did not return a page {list,total}');
  return { list: p.list, total: typeof p.total === 'number' ? p.total : Number(p.total ?? p.list.length), totalExact: p.totalExact !== false };
}

export function useListController(resource: Resource): ListController {
  const { call } = useRuntime();
  if (!resource.list) throw new Error(`resource "${resource.name}" has no list view`);
  const binding = requireBinding(resource, resource.list.api);
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(resource, search), [resource, search]);
  const query = useMemo(() => listQuery(resource, state), [resource, state]);
  const queryKey = JSON.stringify(query);

  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [totalExact, setTotalExact] = useState(true);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);

  useEffect(() => {
    const ac = new AbortController();
    setLoading(true);
    call(binding, JSON.parse(queryKey) as Record<string, unknown>, { signal: ac.signal })
      .then((data) => {
        if (ac.signal.aborted) return;
        const page = toPage(data);
        setRows(page.list);
        setTotal(page.total);
        setTotalExact(page.totalExact);
        setError(null);
      })
      .catch((e: unknown) => {
        if (ac.signal.aborted) return;
        setError(e instanceof Error ? e : new Error(String(e)));
      })
      .finally(() => {
        if (!ac.signal.aborted) setLoading(false);
      });
    return () => ac.abort();
  }, [call, binding, queryKey, version]);

  // A new query shows other rows: the old selection no longer applies.
  useEffect(() => setSelectedKeys([]), [queryKey]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const write = useCallback(
    (next: ListState, replace = false) => setSearch(serializeListState(resource, next), { replace }),
    [resource, setSearch],
  );

  const setFilters = useCallback(
    (filters: Filters) => {
      const s = stateRef.current;
      // An unchanged search keeps the page (the search form submits once on mount).
      if (filtersKey(filters) === filtersKey(s.filters)) return;
      write({ ...s, filters, current: 1 });
    },
    [write],
  );
  const setPage = useCallback(
    (current: number, pageSize?: number) => {
      const s = stateRef.current;
      const size = pageSize ?? s.pageSize;
      write({ ...s, current: size !== s.pageSize ? 1 : current, pageSize: size });
    },
    [write],
  );
  const setTab = useCallback(
    (tab: string | undefined, opts?: { replace?: boolean }) => write({ ...stateRef.current, tab, current: 1 }, !!opts?.replace),
    [write],
  );
  const setSort = useCallback(
    (sortField?: string, sortOrder?: 'ascend' | 'descend') => write({ ...stateRef.current, sortField, sortOrder, current: 1 }),
    [write],
  );
  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const rowKey = useCallback((r: Row) => rowKeyOf(resource, r), [resource]);
  const selectedRows = useMemo(() => rows.filter((r) => selectedKeys.includes(rowKey(r))), [rows, selectedKeys, rowKey]);

  return { state, query, rows, total, totalExact, loading, error, version, setFilters, setPage, setTab, setSort, refetch, selectedKeys, selectedRows, setSelectedKeys, rowKey };
}
