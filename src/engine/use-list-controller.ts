/**
 * The list screen's state and data: page, page size, tab and filters are read from and written to
 * the URL search string (react-router's useSearchParams), so back/forward and shared links restore
 * the same list; a setter changes the state at once and writes the URL after it. Fetches through the list binding, keeps the selection, refetches on demand.
 *
 * @example
 * const list = useListController(staff);
 * list.setFilters({ username: 'zhang' });   // URL → ?username=zhang, fetches page 1
 * list.rows; list.total; list.setPage(2, 20); list.refetch();
 */
import { startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router-dom';
import type { Page, Resource } from '../schema';
import { useRuntime } from './runtime';
import { useArrived } from './use-arrived';
import { useArrivedAtVisit, useDrawnAhead } from './drawn-ahead';
import { afterPaint } from './after-paint';
import { requireBinding, rowKeyOf } from './resource-helpers';
import { filtersKey, listQuery, parseListState, serializeListState, type Filters, type ListState } from './search-params';

export type Row = Record<string, unknown>;

export interface ListController {
  state: ListState;
  /** what the URL asks the list binding for */
  query: Record<string, unknown>;
  /** the state and query of the rows on screen (they follow `state` once its answer is in) */
  shownState: ListState;
  shownQuery: Record<string, unknown>;
  rows: Row[];
  /**
   * When (performance.now()) the request whose answer is on screen was sent and when its answer came:
   * a change that reached this page before the request is in the rows, one after the answer is not
   * (the live bar announces those). 0 before any answer.
   */
  rowsAskedAt: number;
  rowsAnsweredAt: number;
  total: number;
  /** false when the server says `total` is an estimate (`totalExact: false`, huge results) */
  totalExact: boolean;
  /** a request has been waiting longer than LOADING_DELAY_MS (the table shows its spinner) */
  loading: boolean;
  /** no answer yet, rows or error (a list just opened): the table shows neither rows nor "no data" */
  waiting: boolean;
  error: Error | null;
  /** bumps after every fetch request (counts and other dependents follow it) */
  version: number;
  setFilters: (filters: Filters) => void;
  setPage: (current: number, pageSize?: number) => void;
  /**
   * Another tab, from its first page; the tab shown already keeps its page and asks nothing. `replace`
   * rewrites the current history entry (defaults chosen by the screen, not by the user).
   */
  setTab: (tab: string | undefined, opts?: { replace?: boolean }) => void;
  setSort: (sortField?: string, sortOrder?: 'ascend' | 'descend') => void;
  /**
   * A pager item or a tab pressed (pointer down), before its click: the rows the click will ask for are
   * asked for now, and the click's own request takes their answer (Runtime.prefetch). The request then
   * leaves before the press's and the release's own handlers run (focus, hover, the pager's and tabs'
   * own state): 15–30 ms of a page-2 click in traces. Nothing when they are the rows asked for already.
   * `pressPage` takes what `setPage` will be given (a new page size goes to its first page).
   */
  pressPage: (current: number, pageSize?: number) => void;
  pressTab: (tab: string | undefined) => void;
  /** the search or reset button pressed: the filters its click would search with */
  pressFilters: (filters: Filters) => void;
  refetch: () => void;
  selectedKeys: string[];
  selectedRows: Row[];
  setSelectedKeys: (keys: string[]) => void;
  rowKey: (record: Row) => string;
}

/** `s` on page `current` of `pageSize` rows (a new page size starts again at page 1). */
function withPage(s: ListState, current: number, pageSize?: number): ListState {
  const size = pageSize ?? s.pageSize;
  return { ...s, current: size !== s.pageSize ? 1 : current, pageSize: size };
}

/** `s` on tab `tab`, from its first page; the tab shown already keeps its page (`s` itself). */
function withTab(s: ListState, tab: string | undefined): ListState {
  return tab === s.tab ? s : { ...s, tab, current: 1 };
}

/** Accepts a page result or a bare list. */
function toPage(data: unknown): { list: Row[]; total: number; totalExact: boolean } {
  if (Array.isArray(data)) return { list: data as Row[], total: data.length, totalExact: true };
  const p = data as (Partial<Page<Row>> & { totalExact?: boolean }) | null;
  if (!p || !Array.isArray(p.list)) throw new Error('list binding did not return a page {list,total}');
  return { list: p.list, total: typeof p.total === 'number' ? p.total : Number(p.total ?? p.list.length), totalExact: p.totalExact !== false };
}

/**
 * The rows of `next` when they are all among the rows on screen: the same query but for the page
 * window, which lies inside the shown one (a smaller page size from page 1, say). Shown at once; the
 * request still goes out and its answer replaces them.
 */
export function rowsWithin(resource: Resource, shown: { state: ListState; rows: Row[] }, next: ListState): Row[] | null {
  const query = (st: ListState) => JSON.stringify({ ...listQuery(resource, st), current: 0, pageSize: 0 });
  if (query(shown.state) !== query(next)) return null;
  const from = (next.current - 1) * next.pageSize;
  const to = from + next.pageSize;
  const shownFrom = (shown.state.current - 1) * shown.state.pageSize;
  const shownTo = shownFrom + shown.rows.length;
  // a full page holds its whole window; a short one is the end of the results: all that follows it
  const end = shown.rows.length < shown.state.pageSize;
  if (from < shownFrom || from >= shownTo || (!end && to > shownTo)) return null;
  return shown.rows.slice(from - shownFrom, Math.min(to, shownTo) - shownFrom);
}

/** How long a list request may take before the table shows its loading state (a fast answer never flashes it). */
export const LOADING_DELAY_MS = 300;

/** The rows on screen and the state they were fetched for: they change together, in one render. */
interface Shown {
  state: ListState;
  query: Record<string, unknown>;
  rows: Row[];
  total: number;
  totalExact: boolean;
  /** when the request of this answer was sent and when it came (rows shown ahead keep their answer's) */
  askedAt: number;
  answeredAt: number;
  /** an answer that arrived before its request (drawn-ahead.ts): taken once these rows are on screen */
  take?: () => void;
}

/** The list's last request: what it asked (key + version), whether its answer is in, how to cancel it. */
interface LastRequest {
  key: string;
  version: number;
  ac: AbortController;
  timer?: ReturnType<typeof setTimeout>;
  done: boolean;
}

/** The request of an answer that came before the list asked (sent before the app started, or by the menu's click). */
function answeredBefore(key: string): LastRequest {
  return { key, version: 0, ac: new AbortController(), done: true };
}

export function useListController(resource: Resource): ListController {
  const { call, prefetch, arrived, onArrival } = useRuntime();
  if (!resource.list) throw new Error(`resource "${resource.name}" has no list view`);
  const binding = requireBinding(resource, resource.list.api);
  const location = useLocation();
  const [search, setSearch] = useSearchParams();

  // The state is the controller's own, set at once by the setters, the URL written after it. The
  // router commits a location in a React transition, which other renders interrupt: under load it
  // stayed uncommitted for seconds after the click's rows showed (e2e/staff back/forward). Reading
  // the state from the committed location, a "back" in that window went from the old search to the
  // old search — nothing changed, nothing was fetched, and the newer rows stayed under the older URL.
  // So the router's own location changes are followed as they happen (a data router's subscription,
  // outside React's transition) and every committed location is checked as well: our own write
  // landing changes nothing; anything else (back/forward, a link, the menu) is adopted. Only a change
  // of state renders: the search strings written by the setters whose navigation has not landed yet
  // (`pending`) and the last location looked at are bookkeeping, kept in refs (in state, our own write
  // landing in the subscription made a new state object: one more render of the whole list per click).
  const [own, setOwn] = useState<ListState>(() => parseListState(resource, search));
  const pending = useRef<string[]>([]);
  /** the state of the location `search`: `o` when it is ours (written by a setter) or already shown */
  const adopt = useCallback(
    (o: ListState, search: URLSearchParams): ListState => {
      const fromUrl = parseListState(resource, search);
      const key = serializeListState(resource, fromUrl).toString();
      const i = pending.current.indexOf(key);
      if (i >= 0) {
        pending.current = pending.current.slice(i + 1);
        return o;
      }
      pending.current = [];
      return serializeListState(resource, o).toString() === key ? o : fromUrl;
    },
    [resource],
  );
  const lastLocation = useRef(location);
  let state = own;
  if (lastLocation.current !== location) {
    lastLocation.current = location;
    state = adopt(own, search);
    if (state !== own) setOwn(state);
  }
  // the latest state, for the subscription and the setters (set at once by write, before React renders)
  const stateRef = useRef(state);
  stateRef.current = state;
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const path = location.pathname;
  useEffect(() => {
    if (!router) return;
    let seen = router.state.location;
    return router.subscribe((s) => {
      if (s.location === seen) return; // a change of navigation state, not of location
      seen = s.location;
      // another page's URL: a kept page stays as it was
      if (s.location.pathname !== path) return;
      const next = adopt(stateRef.current, new URLSearchParams(s.location.search));
      if (next !== stateRef.current) {
        stateRef.current = next;
        setOwn(next);
      }
    });
  }, [router, path, adopt]);
  const query = useMemo(() => listQuery(resource, state), [resource, state]);
  const queryKey = JSON.stringify(query);

  // The first page's answer when it is in already (asked for before the app started): the first render
  // shows the rows, instead of an empty table first and the rows in a second render (~0.1 s on /order).
  const first = useArrived(binding, query, toPage);
  const [shown, setShown] = useState<Shown>(() =>
    first
      ? {
          state,
          query,
          rows: first.value.list,
          total: first.value.total,
          totalExact: first.value.totalExact,
          askedAt: first.askedAt,
          answeredAt: first.answeredAt,
        }
      : { state, query, rows: [], total: 0, totalExact: true, askedAt: 0, answeredAt: 0 },
  );
  // Not loading at first either: the first request shows the spinner only when it is slow, like any
  // other (`waiting` keeps "no data" off the table until then). A list opened from the menu flashed
  // the table's spinner and the search button's loading icon for its ~20 ms request.
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);

  // the answer already in counts as the first request's
  const last = useRef<LastRequest | null>(first && answeredBefore(queryKey));
  // A list drawn ahead (the menu's, while the browser was idle) and visited now: its first answer,
  // asked for by the menu's click and in by now, shows in the visit's own render.
  const visit = useArrivedAtVisit(binding, query, toPage);
  const drawnAhead = useDrawnAhead();
  if (visit && shown.answeredAt === 0) {
    setShown({
      state,
      query,
      // the rows drawn ahead from this very answer (below), when they were: `arrived` gives the same
      // objects for one answer, so none of them is drawn again
      rows: visit.value.list,
      total: visit.value.total,
      totalExact: visit.value.totalExact,
      askedAt: visit.askedAt,
      answeredAt: visit.answeredAt,
      take: visit.take,
    });
  }
  // A list drawn ahead whose first answer comes before the visit (asked for as the pointer rested on
  // its menu item or pressed it, some 100 ms before a person's click ends): its rows are drawn as it
  // comes, hidden, in the background, so the visit only shows them. Held apart from the rows shown:
  // shown only while the list waits, nothing is taken then, and a visit after that answer has gone (a
  // rest long before the click) shows none of them and asks again.
  const [early, setEarly] = useState<Shown | null>(null);
  useEffect(() => {
    if (!drawnAhead || !arrived || !onArrival) return;
    const drawEarly = () => {
      const answer = arrived(binding, query);
      if (!answer) return;
      let page: ReturnType<typeof toPage>;
      try {
        page = toPage(answer.data);
      } catch {
        return; // not the shape expected: the visit's own call reports it
      }
      const next = { state, query, rows: page.list, total: page.total, totalExact: page.totalExact, askedAt: answer.askedAt, answeredAt: answer.answeredAt };
      startTransition(() => setEarly((e) => (e?.rows === page.list ? e : next)));
    };
    drawEarly();
    return onArrival(binding, query, drawEarly);
  }, [drawnAhead, arrived, onArrival, binding, state, query]);
  // ...and is the list's answer for that query: taken, once (later states copied from this one carry
  // the same `take`; a second call would take another answer prefetched for the same URL since), and
  // not asked again by the effect below
  const visitTake = shown.take;
  const visitQuery = shown.query;
  useLayoutEffect(() => {
    if (!visitTake) return;
    visitTake();
    if (!last.current) last.current = answeredBefore(JSON.stringify(visitQuery));
  }, [visitTake]);
  const versionRef = useRef(version);
  versionRef.current = version;
  // Unmounted, or hidden with its effects paused (a kept page left with a dialog open): a request
  // still in flight is dropped and asked again when the list shows; rows already in stay (returning
  // to a kept page sends nothing).
  useEffect(
    () => () => {
      const cur = last.current;
      if (cur && !cur.done) {
        cur.ac.abort();
        clearTimeout(cur.timer);
        last.current = null;
      }
    },
    [],
  );

  /**
   * Sends the list request for `next` at once — from the click handler itself, before React renders
   * anything (profile of a page-2 click: the request waited for a render of the route tree and of
   * the table with the old rows, ~0.5 s here) — and shows rows, total and the state they belong to
   * together, in one render, when the answer comes. The loading state shows only for a slow answer.
   */
  const fetchFor = useCallback(
    (next: ListState, v: number) => {
      const q = listQuery(resource, next);
      const key = JSON.stringify(q);
      const cur = last.current;
      if (cur && cur.key === key && cur.version === v) return;
      if (cur && !cur.done) {
        cur.ac.abort();
        clearTimeout(cur.timer);
      }
      const ac = new AbortController();
      const timer = setTimeout(() => !ac.signal.aborted && setLoading(true), LOADING_DELAY_MS);
      const mine: LastRequest = { key, version: v, ac, timer, done: false };
      last.current = mine;
      // now, or when the answer the call takes was asked for ahead (a press, a pointer resting on a pager
      // item or tab, up to seconds before): a change that came in since is not in the rows
      let askedAt = performance.now();
      call(binding, q, { signal: ac.signal, onAskedBefore: (at) => (askedAt = at) })
        .then((data) => {
          if (ac.signal.aborted) return;
          // done before its rows are drawn: the URL writes waiting for it go once they are
          mine.done = true;
          const page = toPage(data);
          const answeredAt = performance.now();
          setShown((sh) => {
            // the rows shown ahead of the answer for this very state (rowsWithin) and still the same:
            // nothing to draw again (compared only then, not on every answer)
            const same = sh.state === next && sh.rows.length === page.list.length && JSON.stringify(sh.rows) === JSON.stringify(page.list);
            if (same && JSON.stringify(sh.query) === key && sh.total === page.total && sh.totalExact === page.totalExact) return { ...sh, askedAt, answeredAt };
            return { state: next, query: q, rows: same ? sh.rows : page.list, total: page.total, totalExact: page.totalExact, askedAt, answeredAt };
          });
          setError(null);
        })
        .catch((e: unknown) => {
          if (ac.signal.aborted) return;
          mine.done = true;
          setError(e instanceof Error ? e : new Error(String(e)));
        })
        .finally(() => {
          clearTimeout(timer);
          if (ac.signal.aborted) return;
          mine.done = true;
          setLoading(false);
        });
    },
    [call, binding, resource],
  );

  // Changes made through the setters below were asked for already (same key and version: nothing
  // sent twice); back/forward, links and refetch land here. A list drawn ahead asks for nothing before
  // its visit (its effects run while it waits: the shell's KeptPage).
  useEffect(() => {
    if (!drawnAhead) fetchFor(state, version);
  }, [fetchFor, state, version, drawnAhead]);

  // A new query shows other rows: the old selection no longer applies. Set only when there is one: a
  // state update that turns out unchanged still renders the whole list once to find that out.
  const selectedRef = useRef(selectedKeys);
  selectedRef.current = selectedKeys;
  useEffect(() => {
    if (selectedRef.current.length) setSelectedKeys([]);
  }, [queryKey]);

  // URL writes waiting for the answer of the request they go with (written in order, after its paint)
  const urlWrites = useRef<(() => void)[]>([]);
  const writeUrls = useCallback(() => {
    if (!urlWrites.current.length) return;
    const writes = urlWrites.current;
    urlWrites.current = [];
    afterPaint(() => writes.forEach((w) => w()));
  }, []);
  // the answer (rows or an error) is drawn: the URL of the clicks that asked for it
  useEffect(() => {
    if (last.current?.done !== false) writeUrls();
  }, [shown, error, loading, writeUrls]);

  const shownRef = useRef(shown);
  shownRef.current = shown;
  const write = useCallback(
    (next: ListState, replace = false) => {
      stateRef.current = next;
      fetchFor(next, versionRef.current);
      // rows already on screen (a smaller page size, say) show at once, in this click's render
      const ahead = rowsWithin(resource, shownRef.current, next);
      if (ahead) setShown((sh) => ({ ...sh, state: next, query: listQuery(resource, next), rows: ahead }));
      const params = serializeListState(resource, next);
      const key = params.toString();
      pending.current = [...pending.current, key];
      setOwn(next);
      // The URL once the click's rows are drawn: the router's navigation (pushState, 7-8 ms in a page
      // click's profile, and the route tree's render for the new location) is no part of the answer
      // the user waits for. Written after the paint that follows the answer (or at once when nothing is
      // asked); the route tree's render came between the click and its rows before. Not if meanwhile
      // another location came (back, the menu): that one stands.
      urlWrites.current.push(() => {
        if (!pending.current.includes(key)) return;
        if (router && router.state.location.pathname !== path) return;
        setSearch(params, { replace });
      });
      if (last.current?.done !== false) writeUrls();
    },
    [resource, setSearch, fetchFor, router, path, writeUrls],
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
  const setPage = useCallback((current: number, pageSize?: number) => write(withPage(stateRef.current, current, pageSize)), [write]);
  const setTab = useCallback(
    (tab: string | undefined, opts?: { replace?: boolean }) => {
      const next = withTab(stateRef.current, tab);
      if (next !== stateRef.current) write(next, !!opts?.replace);
    },
    [write],
  );
  const press = useCallback(
    (next: ListState) => {
      const q = listQuery(resource, next);
      if (prefetch && JSON.stringify(q) !== JSON.stringify(listQuery(resource, stateRef.current))) prefetch(binding, q, { press: true });
    },
    [prefetch, binding, resource],
  );
  const pressPage = useCallback((current: number, pageSize?: number) => press(withPage(stateRef.current, current, pageSize)), [press]);
  const pressTab = useCallback((tab: string | undefined) => press(withTab(stateRef.current, tab)), [press]);
  const pressFilters = useCallback((filters: Filters) => press({ ...stateRef.current, filters, current: 1 }), [press]);
  const setSort = useCallback(
    (sortField?: string, sortOrder?: 'ascend' | 'descend') => write({ ...stateRef.current, sortField, sortOrder, current: 1 }),
    [write],
  );
  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const rowKey = useCallback((r: Row) => rowKeyOf(resource, r), [resource]);
  const seen = drawnAhead && early ? early : shown;
  const rows = seen.rows;
  const selectedRows = useMemo(() => rows.filter((r) => selectedKeys.includes(rowKey(r))), [rows, selectedKeys, rowKey]);

  return {
    state,
    query,
    shownState: seen.state,
    shownQuery: seen.query,
    rows,
    rowsAskedAt: seen.askedAt,
    rowsAnsweredAt: seen.answeredAt,
    total: seen.total,
    totalExact: seen.totalExact,
    loading,
    waiting: seen.answeredAt === 0 && !error,
    error,
    version,
    setFilters,
    setPage,
    pressPage,
    pressTab,
    pressFilters,
    setTab,
    setSort,
    refetch,
    selectedKeys,
    selectedRows,
    setSelectedKeys,
    rowKey,
  };
}
