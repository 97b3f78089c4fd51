// @vitest-environment happy-dom
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { Activity, Suspense, use, useLayoutEffect, type ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import staffJson from '../../schemas/staff.json';
import orderJson from '../../schemas/order.json';
import type { Resource } from '../schema';
import { RuntimeProvider } from './runtime';
import { fakeRuntime } from './testing';
import { LOADING_DELAY_MS, rowsWithin, useListController } from './use-list-controller';
import { useCounts } from './use-counts';
import { DrawnAheadContext } from './drawn-ahead';

const staff = staffJson as unknown as Resource;
const rows = [
  { id: '1876543210987654321', username: 'zhangsan', nickname: '张三', enabled: true, roles: ['admin'] },
  { id: '1876543210987654322', username: 'lisi', nickname: '李四', enabled: false, roles: ['finance'] },
];

function setup(url: string, extra: Resource = staff) {
  const rt = fakeRuntime({
    '/user/list': (input) => ({ list: rows, total: 42, current: input.current, pageSize: input.pageSize }),
    '/x/count': () => ({ a: 3, b: 4 }),
    '/x/list': () => ({ list: [], total: 0 }),
  });
  let location = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <RuntimeProvider value={rt.runtime}>
        {children}
        <Loc onChange={(l) => (location = l)} />
      </RuntimeProvider>
    </MemoryRouter>
  );
  return { rt, wrapper, location: () => location, extra };
}

/**
 * `Page` drawn ahead as the keep-alive outlet draws it (hidden, its effects not run; with `warm`, as
 * once the browser was idle after: its effects run), the runtime's `arrived` answering from what
 * `arrive` or `visit` puts in (`arrive(answers)`: they come while the page waits); `visit(answers)`
 * then shows the page. `taken` lists the paths whose early answers were taken.
 */
function drawnAhead(rt: ReturnType<typeof setup>['rt'], Page: (p: { ahead: boolean }) => null, warm = false, before: Record<string, unknown> = {}) {
  const taken: string[] = [];
  // `before`: answers already in as the page is drawn (a busy page drew it late)
  let early: Record<string, unknown> = before;
  rt.runtime.arrived = (binding) => {
    const data = early[binding.path];
    return data === undefined ? undefined : { data, take: () => taken.push(binding.path), askedAt: 11, answeredAt: 22 };
  };
  const arrivals = new Set<() => void>();
  rt.runtime.onArrival = (_binding, _input, l) => {
    arrivals.add(l);
    return () => void arrivals.delete(l);
  };
  const arrive = async (answers: Record<string, unknown>) => {
    early = answers;
    await act(async () => arrivals.forEach((l) => l()));
  };
  const view = (ahead: boolean) => (
    <MemoryRouter initialEntries={['/x']}>
      <RuntimeProvider value={rt.runtime}>
        <Activity mode={ahead && !warm ? 'hidden' : 'visible'}>
          <DrawnAheadContext.Provider value={ahead}>
            <Page ahead={ahead} />
          </DrawnAheadContext.Provider>
        </Activity>
      </RuntimeProvider>
    </MemoryRouter>
  );
  const { rerender } = render(view(true));
  const visit = async (answers: Record<string, unknown>) => {
    early = answers;
    await act(async () => rerender(view(false)));
  };
  return { taken, visit, arrive };
}

/**
 * A page of `res`'s list noting, at each commit, whether it is drawn ahead, how many rows it shows and
 * whether it waits for its answer.
 */
function rowCounts() {
  const seen: { ahead: boolean; rows: number; waiting: boolean }[] = [];
  function Page({ ahead }: { ahead: boolean }) {
    const l = useListController(res);
    const now = { ahead, rows: l.rows.length, waiting: l.waiting };
    useLayoutEffect(() => void seen.push(now));
    return null;
  }
  return { seen, Page };
}

function Loc({ onChange }: { onChange: (s: string) => void }) {
  const l = useLocation();
  onChange(l.search);
  return null;
}

/**
 * The staff list under a data router at /staff, its rows' ids as the page's text; `list()` is the
 * controller of the latest render, `renders()` how many renders so far.
 */
function staffUnderRouter(rt: ReturnType<typeof fakeRuntime>) {
  let list: ReturnType<typeof useListController> | undefined;
  let renders = 0;
  function Screen() {
    list = useListController(staff);
    renders++;
    return <p>{list.rows.map((r) => String(r.id)).join()}</p>;
  }
  const router = createMemoryRouter([{ path: '/staff', element: <RuntimeProvider value={rt.runtime}>{<Screen />}</RuntimeProvider> }], {
    initialEntries: ['/staff'],
  });
  const view = render(<RouterProvider router={router} />);
  return { router, view, list: () => list!, renders: () => renders };
}

describe('useListController', () => {
  it('reads page, page size and filters from the URL and fetches with them', async () => {
    const { rt, wrapper } = setup('/staff?current=3&pageSize=50&username=zhang&roles=admin&roles=finance');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    expect(rt.calls[0]).toMatchObject({ path: '/user/list', input: { current: 3, pageSize: 50, username: 'zhang', roles: ['admin', 'finance'] } });
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.total).toBe(42);
    // 64-bit ids stay exact strings
    expect(result.current.rowKey(result.current.rows[0])).toBe('1876543210987654321');
  });

  it('a list just opened waits for its first answer without the spinner, which only a slow answer brings', async () => {
    let answer: (v: unknown) => void = () => {};
    const rt = fakeRuntime({ '/user/list': () => new Promise((resolve) => (answer = resolve)) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/staff']}>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </MemoryRouter>
    );
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useListController(staff), { wrapper });
      expect(result.current).toMatchObject({ waiting: true, loading: false, rows: [] });
      await act(async () => vi.advanceTimersByTime(LOADING_DELAY_MS - 10));
      expect(result.current).toMatchObject({ waiting: true, loading: false });
      await act(async () => vi.advanceTimersByTime(20));
      expect(result.current).toMatchObject({ waiting: true, loading: true });
      await act(async () => answer({ list: rows, total: 2 }));
      expect(result.current).toMatchObject({ waiting: false, loading: false, total: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a first answer that fails ends the wait (the table may say there is nothing)', async () => {
    const rt = fakeRuntime({ '/user/list': () => Promise.reject(new Error('网络错误')) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/staff']}>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useListController(staff), { wrapper });
    expect(result.current.waiting).toBe(true);
    await waitFor(() => expect(result.current.error?.message).toBe('网络错误'));
    expect(result.current).toMatchObject({ waiting: false, loading: false });
  });

  it('writes filters to the URL, back to page 1, and refetches', async () => {
    const { rt, wrapper, location } = setup('/staff?current=3');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    act(() => result.current.setFilters({ nickname: '张' }));
    await waitFor(() => expect(rt.calls).toHaveLength(2));
    expect(rt.calls[1].input).toEqual({ nickname: '张', current: 1, pageSize: 20 });
    await waitFor(() => expect(new URLSearchParams(location()).get('nickname')).toBe('张'));
    expect(new URLSearchParams(location()).get('current')).toBeNull();
  });

  it('keeps the page when the same filters are submitted again', async () => {
    const { rt, wrapper, location } = setup('/staff?current=3&nickname=%E5%BC%A0');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    act(() => result.current.setFilters({ nickname: '张' }));
    expect(new URLSearchParams(location()).get('current')).toBe('3');
    expect(rt.calls).toHaveLength(1);
  });

  it('pages, selects rows and clears the selection on a new page', async () => {
    const { rt, wrapper, location } = setup('/staff');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    act(() => result.current.setSelectedKeys(['1876543210987654322']));
    expect(result.current.selectedRows.map((r) => r.nickname)).toEqual(['李四']);
    act(() => result.current.setPage(2));
    // the click's state and request at once; the URL once that is drawn (the router's navigation is
    // no part of what the user waits for)
    expect(result.current.state.current).toBe(2);
    expect(rt.calls).toHaveLength(2);
    expect(location()).toBe('');
    await waitFor(() => expect(location()).toBe('?current=2'));
    expect(result.current.selectedKeys).toEqual([]);
    act(() => result.current.refetch());
    await waitFor(() => expect(rt.calls).toHaveLength(3));
  });
});

const res: Resource = {
  name: 'x',
  enums: {
    st: {
      values: [
        { value: 'a', label: 'x.a' },
        { value: 'b', label: 'x.b' },
      ],
    },
  },
  fields: { status: { type: 'enum', enum: 'st', title: 'x.status', search: true }, name: { type: 'string', title: 'x.name', search: true } },
  api: {
    list: { method: 'GET', path: '/x/list', input: { search: true, page: true }, result: 'page' },
    count: { method: 'GET', path: '/x/count', input: { search: true }, result: 'counts' },
  },
  list: { api: 'list', columns: ['name'], tabs: { field: 'status', counts: 'count' } },
};

describe('a pager item, a tab or a search button pressed (before its click)', () => {
  it('asks for the rows its click will show, in the very call the click makes; nothing for the rows asked for already', async () => {
    const { rt, wrapper } = setup('/staff?username=zhang');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    act(() => result.current.pressPage(1));
    expect(rt.prefetches).toEqual([]);
    act(() => result.current.pressPage(2));
    expect(rt.prefetches).toEqual([{ path: '/user/list', method: 'GET', input: { current: 2, pageSize: 20, username: 'zhang' }, press: true }]);
    await act(async () => result.current.setPage(2));
    expect(rt.calls.at(-1)?.input).toEqual(rt.prefetches[0].input);
    act(() => result.current.pressPage(2));
    expect(rt.prefetches).toHaveLength(1);
    // search and reset: the filters the click would search with, from page 1
    act(() => result.current.pressFilters({ username: 'li' }));
    act(() => result.current.pressFilters({}));
    expect(rt.prefetches.slice(1).map((p) => p.input)).toEqual([
      { current: 1, pageSize: 20, username: 'li' },
      { current: 1, pageSize: 20 },
    ]);
    await act(async () => result.current.setFilters({}));
    expect(rt.calls.at(-1)?.input).toEqual(rt.prefetches[2].input);
  });

  it('rows whose answer was asked for ahead (a press, a resting pointer) are as of then, not of the click', async () => {
    const rt = fakeRuntime({
      '/user/list': (input, options) => {
        // the runtime's call took an answer asked for at 5 (performance.now())
        if (input.current === 2) options?.onAskedBefore?.(5);
        return { list: rows, total: 42 };
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/staff']}>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    expect(result.current.rowsAskedAt).toBeGreaterThan(5);
    await act(async () => result.current.setPage(2));
    await waitFor(() => expect(result.current.shownState.current).toBe(2));
    expect(result.current.rowsAskedAt).toBe(5);
    expect(result.current.rowsAnsweredAt).toBeGreaterThan(5);
  });

  it('a tab: its filter, from page 1; the tab on screen asks nothing', async () => {
    const rt = fakeRuntime({ '/order/list': () => ({ list: [], total: 0 }), '/order/count': () => ({}) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/order?current=3']}>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useListController(orderJson as unknown as Resource), { wrapper });
    await waitFor(() => expect(result.current.waiting).toBe(false));
    act(() => result.current.pressTab('pending'));
    expect(rt.prefetches).toEqual([{ path: '/order/list', method: 'GET', input: { current: 1, pageSize: 20, status: 'pending' }, press: true }]);
    await act(async () => result.current.setTab('pending'));
    expect(rt.calls.at(-1)?.input).toEqual(rt.prefetches[0].input);
    act(() => result.current.pressTab('pending'));
    expect(rt.prefetches).toHaveLength(1);
    // on a later page of the tab shown, pressing or choosing that tab again keeps the page
    await act(async () => result.current.setPage(2));
    await waitFor(() => expect(result.current.shownState.current).toBe(2));
    const calls = rt.calls.length;
    act(() => result.current.pressTab('pending'));
    await act(async () => result.current.setTab('pending'));
    expect(rt.prefetches).toHaveLength(1);
    expect(rt.calls).toHaveLength(calls);
    expect(result.current.state).toMatchObject({ tab: 'pending', current: 2 });
  });
});

describe('useCounts', () => {
  it('counts follow the filters without the tab field, and sum to "all"', async () => {
    const { rt, wrapper } = setup('/x?tab=a&name=foo');
    const { result } = renderHook(
      () => {
        const l = useListController(res);
        return { l, c: useCounts(res, l.state.filters, l.version) };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.c.loading).toBe(false));
    const countCall = rt.calls.find((c) => c.path === '/x/count')!;
    expect(countCall.input).toEqual({ name: 'foo' });
    const listCall = rt.calls.find((c) => c.path === '/x/list')!;
    expect(listCall.input).toMatchObject({ name: 'foo', status: 'a' });
    expect(result.current.c.counts).toEqual({ a: 3, b: 4 });
    expect(result.current.c.all).toBe(7);
  });
});

describe('answers that arrived before the app started (runtime.arrived)', () => {
  it('the first render shows the rows and counts; nothing is asked again; each answer is taken once on screen', async () => {
    const { rt, wrapper } = setup('/x?tab=a&name=foo');
    const taken: string[] = [];
    const early: Record<string, unknown> = { '/x/list': { list: rows, total: 42 }, '/x/count': { a: '3', b: 4 } };
    rt.runtime.arrived = (binding, input) => {
      const data = early[binding.path];
      if (binding.path === '/x/list') expect(input).toMatchObject({ name: 'foo', status: 'a', current: 1 });
      return data === undefined ? undefined : { data, take: () => taken.push(binding.path), askedAt: 11, answeredAt: 22 };
    };
    const firsts: { rows: number; loading: boolean; all: number }[] = [];
    const { result } = renderHook(
      () => {
        const l = useListController(res);
        const c = useCounts(res, l.state.filters, l.version);
        firsts.push({ rows: l.rows.length, loading: l.loading, all: c.all });
        return { l, c };
      },
      { wrapper },
    );
    expect(firsts[0]).toEqual({ rows: 2, loading: false, all: 7 });
    // as of the early request, not of the first render
    expect(result.current.l).toMatchObject({ rowsAskedAt: 11, rowsAnsweredAt: 22 });
    await waitFor(() => expect(taken.sort()).toEqual(['/x/count', '/x/list']));
    expect(rt.calls).toEqual([]);
    expect(result.current.l.rowKey(result.current.l.rows[0])).toBe('1876543210987654321');
    // a refresh asks the server
    act(() => result.current.l.refetch());
    await waitFor(() => expect(rt.calls.map((c) => c.path).sort()).toEqual(['/x/count', '/x/list']));
  });

  it.each([
    ['its effects not run', false],
    ['its effects run', true],
  ])(
    "a list drawn ahead (%s) asks nothing, then shows the rows and counts that arrived by its visit in the visit's own render, asking nothing again",
    async (_, warm) => {
      const { rt } = setup('/x');
      const seen: { ahead: boolean; rows: number; all: number; waiting: boolean; asked: number; answered: number }[] = [];
      const drawn: typeof seen = [];
      function Page({ ahead }: { ahead: boolean }) {
        const l = useListController(res);
        const c = useCounts(res, l.state.filters, l.version);
        const now = { ahead, rows: l.rows.length, all: c.all, waiting: l.waiting, asked: l.rowsAskedAt, answered: l.rowsAnsweredAt };
        drawn.push(now);
        // what each commit shows (a render React redoes at once is not on screen)
        useLayoutEffect(() => void seen.push(now));
        return null;
      }
      const { taken, visit } = drawnAhead(rt, Page, warm);
      await act(async () => {});
      // drawn empty, nothing asked while it waits (nor run, unless warm)
      expect(drawn.at(-1)).toEqual({ ahead: true, rows: 0, all: 0, waiting: true, asked: 0, answered: 0 });
      expect(seen).toEqual(warm ? [drawn.at(-1)] : []);
      expect(rt.calls).toEqual([]);
      // the menu's click asked for them; they are in as the page is visited
      seen.length = 0;
      await visit({ '/x/list': { list: rows, total: 42 }, '/x/count': { a: '3', b: 4 } });
      // every commit of the visit shows them: none with an empty table first
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((r) => !r.ahead).every((r) => r.rows === 2 && r.all === 7 && !r.waiting)).toBe(true);
      // the rows are as of when they were asked for and came (a pointer resting on the menu item may have
      // asked seconds before the visit), not of the visit: the live bar counts changes from then
      expect(seen.at(-1)).toMatchObject({ asked: 11, answered: 22 });
      await waitFor(() => expect(taken).toContain('/x/list'));
      expect(rt.calls.filter((c) => c.path === '/x/list')).toEqual([]);
    },
  );

  it('a list drawn ahead draws the rows that come before its visit, hidden, and its visit shows those same rows, asking nothing', async () => {
    const { rt } = setup('/x');
    const drawn: { ahead: boolean; rows: unknown[]; waiting: boolean }[] = [];
    const seen: typeof drawn = [];
    function Page({ ahead }: { ahead: boolean }) {
      const l = useListController(res);
      const now = { ahead, rows: l.rows, waiting: l.waiting };
      drawn.push(now);
      useLayoutEffect(() => void seen.push(now));
      return null;
    }
    const { taken, visit, arrive } = drawnAhead(rt, Page, true);
    await act(async () => {});
    expect(drawn.at(-1)).toMatchObject({ ahead: true, rows: [], waiting: true });
    // a press on its menu item asked; the answer comes while the button is still down
    await arrive({ '/x/list': { list: rows, total: 42 } });
    expect(seen.at(-1)).toMatchObject({ ahead: true, rows, waiting: false });
    const drawnRows = seen.at(-1)!.rows;
    expect(taken).toEqual([]);
    expect(rt.calls).toEqual([]);
    // the click: the page shows the rows drawn, the very objects (none drawn again), and takes the answer
    seen.length = 0;
    await visit({ '/x/list': { list: rows, total: 42 } });
    expect(seen.filter((r) => !r.ahead).every((r) => r.rows === drawnRows)).toBe(true);
    await waitFor(() => expect(taken).toEqual(['/x/list']));
    expect(rt.calls).toEqual([]);
  });

  it('a list drawn ahead visited after the answer it drew has gone shows none of those rows and asks again', async () => {
    const { rt } = setup('/x');
    const { seen, Page } = rowCounts();
    const { taken, visit, arrive } = drawnAhead(rt, Page, true);
    await act(async () => {});
    await arrive({ '/x/list': { list: rows, total: 42 } });
    expect(seen.at(-1)).toMatchObject({ ahead: true, rows: 2 });
    // a rest on the item long before the click: its answer is no longer kept
    seen.length = 0;
    await visit({});
    expect(seen.filter((r) => !r.ahead)[0]).toEqual({ ahead: false, rows: 0, waiting: true });
    await waitFor(() => expect(rt.calls.map((c) => c.path)).toEqual(['/x/list']));
    expect(taken).toEqual([]);
  });

  it.each([
    ['visited while that answer is kept: shows it and takes it then', true],
    ['visited after that answer has gone: shows none of it and asks again', false],
  ])('a list drawn ahead only after its answer came (a busy page drew it late) takes nothing while it waits; %s', async (_, kept) => {
    const { rt } = setup('/x');
    const { seen, Page } = rowCounts();
    const answer = { '/x/list': { list: rows, total: 42 } };
    // drawn and its effects run (warm) with a resting pointer's answer already in
    const { taken, visit } = drawnAhead(rt, Page, true, answer);
    await act(async () => {});
    // still there for the click's own call (taken unseen, the click asked for the same rows again)
    expect(taken).toEqual([]);
    expect(rt.calls).toEqual([]);
    seen.length = 0;
    await visit(kept ? answer : {});
    const lists = () => rt.calls.filter((c) => c.path === '/x/list').length;
    if (kept) {
      expect(seen.filter((r) => !r.ahead).every((r) => r.rows === 2 && !r.waiting)).toBe(true);
      await waitFor(() => expect(taken).toEqual(['/x/list']));
      expect(lists()).toBe(0);
    } else {
      // not the rows of a rest long before the click
      expect(seen.filter((r) => !r.ahead)[0]).toEqual({ ahead: false, rows: 0, waiting: true });
      await waitFor(() => expect(lists()).toBe(1));
      expect(taken).toEqual([]);
    }
  });

  it("takes a drawn-ahead list's visit answer once, not again as later states copy the visit's", async () => {
    const { rt } = setup('/x');
    // answers come a little later, as a server's do: the rows on screen show first
    const call = rt.runtime.call;
    rt.runtime.call = ((b, i, o) => new Promise((r) => setTimeout(r, 30)).then(() => call(b, i, o))) as typeof call;
    let list: ReturnType<typeof useListController> | undefined;
    function Page() {
      list = useListController(res);
      return null;
    }
    const { taken, visit } = drawnAhead(rt, Page);
    await act(async () => {});
    await visit({ '/x/list': { list: rows, total: 42 } });
    await waitFor(() => expect(taken).toEqual(['/x/list']));
    // a smaller page: the rows on screen show at once, in a state copied from the visit's
    await act(async () => list!.setPage(1, 1));
    expect(list!.rows).toHaveLength(1);
    await waitFor(() => expect(list!.rows).toHaveLength(0)); // the page's own answer (this fake's: none)
    expect(taken).toEqual(['/x/list']);
  });

  it('without an answer in, the first render is empty and the list is asked for', async () => {
    const { rt, wrapper } = setup('/staff');
    rt.runtime.arrived = () => undefined;
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(rt.calls.map((c) => c.path)).toEqual(['/user/list']);
  });
});

describe('useListController under a slow router', () => {
  // The router commits a location in a React transition. Under load that transition stays
  // uncommitted for a while after the new rows arrived; here a component that suspends on the newer
  // URL holds it back the same way, until the user goes back.
  it('back restores the earlier search while the newer navigation is still uncommitted', async () => {
    const byName: Record<string, typeof rows> = { zhao: [{ ...rows[0], username: 'zhaomin' }], lin: [{ ...rows[1], username: 'lina' }] };
    const rt = fakeRuntime({
      '/user/list': (input) => {
        const list = byName[String(input.username)] ?? rows;
        return { list, total: list.length, current: input.current, pageSize: input.pageSize };
      },
    });
    const never = new Promise<never>(() => {});
    function Holdback() {
      const { search } = useLocation();
      if (search.includes('lin')) use(never);
      return null;
    }
    let list: ReturnType<typeof useListController> | undefined;
    function Screen() {
      list = useListController(staff);
      return (
        <ul>
          {list.rows.map((r) => (
            <li key={String(r.id)}>{String(r.username)}</li>
          ))}
        </ul>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/staff',
          element: (
            <RuntimeProvider value={rt.runtime}>
              <Screen />
              <Suspense fallback={null}>
                <Holdback />
              </Suspense>
            </RuntimeProvider>
          ),
        },
      ],
      { initialEntries: ['/staff?username=zhao'] },
    );
    const view = render(<RouterProvider router={router} />);
    await waitFor(() => expect(view.container.textContent).toBe('zhaomin'));
    await act(async () => {
      list!.setFilters({ username: 'lin' });
      await new Promise((r) => setTimeout(r, 50));
    });
    // the click's own request shows its rows at once, whatever the router is doing
    await waitFor(() => expect(view.container.textContent).toBe('lina'));
    expect(router.state.location.search).toBe('?username=lin');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?username=zhao');
    await waitFor(() => expect(view.container.textContent).toBe('zhaomin'));
    expect(rt.calls.map((c) => c.input.username)).toEqual(['zhao', 'lin', 'zhao']);
    expect(list!.state.filters).toEqual({ username: 'zhao' });
    view.unmount();
  });

  it("a page click renders the list for the click with its answer (here at once) and the URL's commit; its own URL landing and an empty selection add none", async () => {
    const rt = fakeRuntime({
      '/user/list': (input) => ({ list: [{ ...rows[0], id: String(input.current) }], total: 100, current: input.current, pageSize: 20 }),
    });
    const { router, view, list, renders } = staffUnderRouter(rt);
    await waitFor(() => expect(view.container.textContent).toBe('1'));
    await new Promise((r) => setTimeout(r, 50));
    const before = renders();
    await act(async () => {
      list().setPage(2);
      await new Promise((r) => setTimeout(r, 50));
    });
    await waitFor(() => expect(view.container.textContent).toBe('2'));
    expect(router.state.location.search).toBe('?current=2');
    // the pending URL and the last location seen are bookkeeping: in state they cost a render more;
    // clearing a selection that is empty sets nothing (an unchanged state update renders once too)
    expect(renders() - before).toBeLessThanOrEqual(2);
    view.unmount();
  });

  it('a location that comes before the URL of a click is written (back, a link) stands; the late write is dropped', async () => {
    const rt = fakeRuntime({
      '/user/list': (input) => ({ list: [{ ...rows[0], id: String(input.current) }], total: 100, current: input.current, pageSize: 20 }),
    });
    const { router, view, list } = staffUnderRouter(rt);
    await waitFor(() => expect(view.container.textContent).toBe('1'));
    await act(async () => {
      list().setPage(2);
      await router.navigate('/staff?current=5');
    });
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(router.state.location.search).toBe('?current=5');
    await waitFor(() => expect(view.container.textContent).toBe('5'));
    expect(list().state.current).toBe(5);
    view.unmount();
  });

  it("the URL of a click is written once its answer's rows are drawn, not before (the route tree's render came between)", async () => {
    let release: () => void = () => {};
    const rt = fakeRuntime({
      '/user/list': (input) =>
        Number(input.current) === 1
          ? { list: [{ ...rows[0], id: '1' }], total: 100, current: 1, pageSize: 20 }
          : new Promise((resolve) => (release = () => resolve({ list: [{ ...rows[0], id: '2' }], total: 100, current: 2, pageSize: 20 }))),
    });
    const { router, view, list } = staffUnderRouter(rt);
    await waitFor(() => expect(view.container.textContent).toBe('1'));
    act(() => list().setPage(2));
    // frames go by while the answer is out: the URL stays
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(router.state.location.search).toBe('');
    expect(list().state.current).toBe(2);
    await act(async () => release());
    await waitFor(() => expect(router.state.location.search).toBe('?current=2'));
    expect(view.container.textContent).toBe('2');
    // a click that asks nothing new (the same state again) writes at once
    act(() => list().setPage(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.search).toBe('?current=2');
    view.unmount();
  });

  it('a late answer of a superseded request never replaces the newer rows', async () => {
    const gates: Record<number, () => void> = {};
    const rt = fakeRuntime({
      '/user/list': (input, options) =>
        new Promise((resolve, reject) => {
          const page = Number(input.current);
          options?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          gates[page] = () => resolve({ list: [{ ...rows[0], id: String(page), username: `p${page}` }], total: 100, current: page, pageSize: 20 });
        }),
    });
    const { wrapper } = ((): { wrapper: (p: { children: ReactNode }) => ReactNode } => ({
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={['/staff']}>
          <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
        </MemoryRouter>
      ),
    }))();
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(gates[1]).toBeDefined());
    act(() => gates[1]());
    await waitFor(() => expect(result.current.rows[0]?.username).toBe('p1'));
    act(() => result.current.setPage(2));
    act(() => result.current.setPage(3));
    await act(async () => gates[3]());
    await waitFor(() => expect(result.current.rows[0]?.username).toBe('p3'));
    await act(async () => gates[2]());
    expect(result.current.rows[0]?.username).toBe('p3');
    expect(result.current.shownState.current).toBe(3);
    expect(result.current.state.current).toBe(3);
  });

  it('a smaller page size shows the rows already on screen at once, then the answer confirms them', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...rows[0], id: String(1000 + i), username: `u${i}` }));
    let release: () => void = () => {};
    const rt = fakeRuntime({
      '/user/list': (input) =>
        Number(input.pageSize) === 50
          ? { list: fifty, total: 500, current: 1, pageSize: 50 }
          : new Promise((resolve) => (release = () => resolve({ list: fifty.slice(0, 20).map((r) => ({ ...r })), total: 500, current: 1, pageSize: 20 }))),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/staff?pageSize=50']}>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(50));
    act(() => result.current.setPage(1, 20));
    // before the answer: the first 20 of the 50, for the new page size
    expect(result.current.rows.map((r) => r.username)).toEqual(fifty.slice(0, 20).map((r) => r.username));
    expect(result.current.shownState.pageSize).toBe(20);
    expect(rt.calls.at(-1)?.input).toMatchObject({ current: 1, pageSize: 20 });
    const before = result.current.rows;
    const answered = result.current.rowsAnsweredAt;
    await act(async () => release());
    await waitFor(() => expect(result.current.rowsAnsweredAt).toBeGreaterThan(answered));
    // the same rows in the answer: the ones on screen stay (nothing drawn again)
    expect(result.current.rows).toBe(before);
  });
});

describe('rowsWithin', () => {
  const page = (current: number, pageSize: number, n: number, filters = {}) => ({
    state: { current, pageSize, filters },
    rows: Array.from({ length: n }, (_, i) => ({ id: String((current - 1) * pageSize + i) })),
  });
  const ids = (r: ReturnType<typeof rowsWithin>) => r?.map((x) => x.id);
  it('gives the part of the shown page that a smaller window needs', () => {
    expect(ids(rowsWithin(staff, page(1, 50, 50), { current: 1, pageSize: 20, filters: {} }))).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(ids(rowsWithin(staff, page(1, 50, 50), { current: 2, pageSize: 20, filters: {} }))?.[0]).toBe('20');
    expect(ids(rowsWithin(staff, page(1, 50, 50), { current: 2, pageSize: 10, filters: {} }))?.[0]).toBe('10');
  });
  it('gives nothing when the window reaches past the shown rows or the query differs', () => {
    expect(rowsWithin(staff, page(1, 50, 50), { current: 3, pageSize: 20, filters: {} })).toBeNull();
    expect(rowsWithin(staff, page(1, 20, 20), { current: 1, pageSize: 50, filters: {} })).toBeNull();
    expect(rowsWithin(staff, page(1, 50, 50), { current: 1, pageSize: 20, filters: { username: 'a' } })).toBeNull();
    expect(rowsWithin(staff, page(1, 50, 50, { username: 'a' }), { current: 1, pageSize: 20, filters: { username: 'b' } })).toBeNull();
    expect(rowsWithin(staff, page(1, 50, 0), { current: 1, pageSize: 20, filters: {} })).toBeNull();
  });
  it('a short last page holds everything after its start', () => {
    expect(ids(rowsWithin(staff, page(1, 50, 30), { current: 1, pageSize: 100, filters: {} }))).toHaveLength(30);
    expect(rowsWithin(staff, page(1, 50, 30), { current: 2, pageSize: 30, filters: {} })).toBeNull();
  });
});
