// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { RuntimeProvider } from './runtime';
import { fakeRuntime } from './testing';
import { useListController } from './use-list-controller';
import { useCounts } from './use-counts';

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

function Loc({ onChange }: { onChange: (s: string) => void }) {
  const l = useLocation();
  onChange(l.search);
  return null;
}

describe('useListController', () => {
  it('reads page, page size and filters from the URL and fetches with them', async () => {
    const { rt, wrapper } = setup('/staff?current=3&pageSize=50&username=zhang&roles=admin&roles=finance');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(rt.calls[0]).toMatchObject({ path: '/user/list', input: { current: 3, pageSize: 50, username: 'zhang', roles: ['admin', 'finance'] } });
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.total).toBe(42);
    // 64-bit ids stay exact strings
    expect(result.current.rowKey(result.current.rows[0])).toBe('1876543210987654321');
  });

  it('writes filters to the URL, back to page 1, and refetches', async () => {
    const { rt, wrapper, location } = setup('/staff?current=3');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setFilters({ nickname: '张' }));
    await waitFor(() => expect(rt.calls).toHaveLength(2));
    expect(rt.calls[1].input).toEqual({ nickname: '张', current: 1, pageSize: 20 });
    expect(new URLSearchParams(location()).get('nickname')).toBe('张');
    expect(new URLSearchParams(location()).get('current')).toBeNull();
  });

  it('keeps the page when the same filters are submitted again', async () => {
    const { rt, wrapper, location } = setup('/staff?current=3&nickname=%E5%BC%A0');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setFilters({ nickname: '张' }));
    expect(new URLSearchParams(location()).get('current')).toBe('3');
    expect(rt.calls).toHaveLength(1);
  });

  it('pages, selects rows and clears the selection on a new page', async () => {
    const { rt, wrapper, location } = setup('/staff');
    const { result } = renderHook(() => useListController(staff), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setSelectedKeys(['1876543210987654322']));
    expect(result.current.selectedRows.map((r) => r.nickname)).toEqual(['李四']);
    act(() => result.current.setPage(2));
    await waitFor(() => expect(rt.calls).toHaveLength(2));
    expect(location()).toBe('?current=2');
    expect(result.current.selectedKeys).toEqual([]);
    act(() => result.current.refetch());
    await waitFor(() => expect(rt.calls).toHaveLength(3));
  });
});

describe('useCounts', () => {
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
