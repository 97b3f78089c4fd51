// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pureRender } from './pure-render';
import { StableTable, TableRows, forwardFunctions, sameForDrawing, type ShownRows } from './StableTable';

afterEach(cleanup);

describe('sameForDrawing', () => {
  it('counts any two functions equal and compares values, arrays and plain objects member by member', () => {
    expect(sameForDrawing({ a: 1, f: () => 1, o: { x: [1, 2] } }, { a: 1, f: () => 2, o: { x: [1, 2] } })).toBe(true);
    expect(sameForDrawing({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameForDrawing({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameForDrawing([1, 2], [1, 2, 3])).toBe(false);
    expect(sameForDrawing(NaN, NaN)).toBe(true);
  });

  it('compares React elements by type, key and props (a title wrapped anew at each render)', () => {
    expect(sameForDrawing(createElement('span', { title: 'a' }, '平台'), createElement('span', { title: 'a' }, '平台'))).toBe(true);
    expect(sameForDrawing(createElement('span', null, '平台'), createElement('span', null, '店铺'))).toBe(false);
    expect(sameForDrawing(createElement('span', null, 'x'), createElement('b', null, 'x'))).toBe(false);
  });

  it('is not equal below its depth unless the very same object', () => {
    const deep = { a: { b: { c: 1 } } };
    expect(sameForDrawing(deep, { a: { b: { c: 1 } } }, 2)).toBe(false);
    expect(sameForDrawing(deep, { a: { b: { c: 1 } } }, 3)).toBe(true);
    expect(sameForDrawing({ a: deep.a }, { a: deep.a }, 1)).toBe(true);
  });
});

describe('forwardFunctions', () => {
  it('gives stand-ins that call the latest function at the same place, a column found by its key', () => {
    const latest = { current: undefined as unknown };
    const cache = new Map<string, unknown>();
    const first = {
      onChange: vi.fn(),
      columns: [
        { key: 'a', render: () => 'a1' },
        { key: 'b', render: () => 'b1' },
      ],
    };
    latest.current = first;
    const out = forwardFunctions(first, latest, cache) as typeof first;
    expect(out.columns[1].render()).toBe('b1');
    // ProTable renders again: new functions, columns in another order
    const second = {
      onChange: vi.fn(),
      columns: [
        { key: 'b', render: () => 'b2' },
        { key: 'a', render: () => 'a2' },
      ],
    };
    latest.current = second;
    out.onChange('x');
    expect(second.onChange).toHaveBeenCalledWith('x');
    expect(first.onChange).not.toHaveBeenCalled();
    expect(out.columns[1].render()).toBe('b2');
    // the stand-ins stay the same objects
    const again = forwardFunctions(second, latest, cache) as typeof first;
    expect(again.onChange).toBe(out.onChange);
  });
});

describe('StableTable', () => {
  const columns = (tag: string, onRender: () => void) => [
    {
      key: 'name',
      dataIndex: 'name',
      title: createElement('span', null, '名称'),
      render: (v: string) => {
        onRender();
        return `${v}${tag}`;
      },
    },
  ];
  const rows = [
    { id: '1', name: 'a' },
    { id: '2', name: 'b' },
  ];

  it('draws again only when what it shows changes, and its handlers are the latest ones', () => {
    const drawn = vi.fn();
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const view = (props: Record<string, unknown>, watch: unknown[] = []) => {
      latest.current = props;
      return <StableTable latest={latest} props={props} rowKey="id" watch={watch} />;
    };
    const onPage1 = vi.fn();
    const props1 = { columns: columns('', drawn), dataSource: rows, pagination: { current: 1, pageSize: 2, total: 4, onChange: onPage1 } };
    const { container, rerender } = render(view(props1));
    expect(drawn).toHaveBeenCalledTimes(2);

    // ProTable renders again with new functions and equal values: nothing is drawn again
    const onPage2 = vi.fn();
    rerender(view({ columns: columns('!', drawn), dataSource: rows, pagination: { current: 1, pageSize: 2, total: 4, onChange: onPage2 } }));
    expect(drawn).toHaveBeenCalledTimes(2);
    // …but a click calls the latest handler
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    expect(onPage2).toHaveBeenCalledWith(2, 2);
    expect(onPage1).not.toHaveBeenCalled();

    // new rows, or a watched value, draw again
    rerender(view({ ...props1, dataSource: [{ id: '3', name: 'c' }] }));
    expect(container.querySelector('.ant-table-tbody')!.textContent).toContain('c');
    const before = drawn.mock.calls.length;
    rerender(view({ ...props1, dataSource: [{ id: '3', name: 'c' }] }, ['zh']));
    expect(drawn.mock.calls.length).toBeGreaterThan(before);
  });

  it('a page click draws no row again before the new page comes: the pager sits beside the table, sized as antd sizes it', () => {
    const drawn = vi.fn();
    const onPage = vi.fn();
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const props = { columns: columns('', drawn), dataSource: rows, size: 'middle', pagination: { current: 1, pageSize: 2, total: 4, onChange: onPage } };
    latest.current = props;
    const { container } = render(<StableTable latest={latest} props={props} rowKey="id" watch={[]} />);
    expect(drawn).toHaveBeenCalledTimes(2);
    const pager = container.querySelector('.ant-pagination')!;
    expect(pager.classList).toContain('ant-table-pagination');
    expect(pager.classList).toContain('ant-pagination-mini');
    expect(pager.classList).toContain('ant-pagination-end');
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    expect(onPage).toHaveBeenCalledWith(2, 2);
    // the page shown is the list's to say (it follows the rows): nothing drawn, page 1 still marked
    expect(drawn).toHaveBeenCalledTimes(2);
    expect(container.querySelector('.ant-pagination-item-active')!.textContent).toBe('1');
  });

  it('takes its rows, page and total from TableRows when given: new rows draw the table and pager without new props, and the pager calls onPageChange', () => {
    const drawn = vi.fn();
    const ownOnChange = vi.fn();
    const onPageChange = vi.fn();
    const latest = { current: undefined as Record<string, unknown> | undefined };
    // ProTable's props without rows, page or total (they come through TableRows)
    const props = { columns: columns('', drawn), pagination: { pageSize: 99, onChange: ownOnChange } };
    latest.current = props;
    const table = <StableTable latest={latest} props={props} rowKey="id" watch={[]} />;
    const shown = (v: Partial<ShownRows>) => (
      <TableRows.Provider value={{ dataSource: rows, current: 1, pageSize: 2, total: 4, onPageChange, ...v }}>{table}</TableRows.Provider>
    );
    const { container, rerender } = render(shown({}));
    const text = () => [...container.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.textContent).join(',');
    expect(text()).toBe('a,b');
    expect(container.querySelector('.ant-pagination-item-active')!.textContent).toBe('1');
    expect(container.querySelector('.ant-pagination-item-3')).toBeNull(); // 4 rows, 2 a page: the size of TableRows, not the props' 99

    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    expect(onPageChange).toHaveBeenCalledWith(2, 2);
    expect(ownOnChange).not.toHaveBeenCalled();

    // the answer: other rows and page 2, the same table element (what ProTable hands over did not change)
    rerender(
      shown({
        dataSource: [
          { id: '3', name: 'c' },
          { id: '4', name: 'd' },
        ],
        current: 2,
      }),
    );
    expect(text()).toBe('c,d');
    expect(container.querySelector('.ant-pagination-item-active')!.textContent).toBe('2');
  });

  it("draws the table not again for ProTable's own settings (a tab count in the toolbar, a folded search form)", () => {
    // rc-table calls onHeaderRow each time it draws the header: a count of the table's draws
    const headerDrawn = vi.fn(() => ({}));
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const view = (toolbar: unknown, search: unknown) => {
      const props = { columns: columns('', vi.fn()), dataSource: rows, onHeaderRow: headerDrawn, toolbar, search };
      latest.current = props;
      return <StableTable latest={latest} props={props} rowKey="id" watch={[]} />;
    };
    const { rerender } = render(view({ menu: { items: [{ key: 'all', label: '全部 (2)' }] } }, { collapsed: true }));
    const drawn = headerDrawn.mock.calls.length;
    expect(drawn).toBeGreaterThan(0);
    rerender(view({ menu: { items: [{ key: 'all', label: '全部 (3)' }] } }, { collapsed: false }));
    expect(headerDrawn.mock.calls.length).toBe(drawn);
  });

  it("draws no pager without a total (as antd's Table)", () => {
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const props = { columns: columns('', vi.fn()), dataSource: [], pagination: { current: 1, pageSize: 20, total: 0 } };
    latest.current = props;
    const { container } = render(<StableTable latest={latest} props={props} rowKey="id" watch={[]} />);
    expect(container.querySelector('.ant-pagination')).toBeNull();
  });

  it('mounts without measuring the scrollbar when nothing scrolls (a style added to the page and removed)', () => {
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const added: string[] = [];
    const mo = new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => added.push(n.nodeName))));
    mo.observe(document.head, { childList: true });
    const mount = (props: Record<string, unknown>) => {
      latest.current = props;
      return render(<StableTable latest={latest} props={props} rowKey="id" watch={[]} />);
    };
    const first = mount({ columns: columns('', vi.fn()), dataSource: rows });
    mo.takeRecords().forEach((m) => m.addedNodes.forEach((n) => added.push(n.nodeName)));
    expect(added.filter((n) => n === 'STYLE')).toEqual([]);
    first.unmount();
    // a table that scrolls still measures it (its fixed header's last column needs the width)
    mount({ columns: columns('', vi.fn()), dataSource: rows, scroll: { y: 200 } });
    mo.takeRecords().forEach((m) => m.addedNodes.forEach((n) => added.push(n.nodeName)));
    mo.disconnect();
    expect(added.filter((n) => n === 'STYLE').length).toBeGreaterThan(0);
  });

  it("puts a new page into the rows already drawn: the same row elements, each with its record's key and text", () => {
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const view = (dataSource: unknown[]) => {
      const props = { columns: columns('', vi.fn()), dataSource, rowSelection: { selectedRowKeys: ['4'] } };
      latest.current = props;
      return <StableTable latest={latest} props={props} rowKey="id" watch={[]} />;
    };
    const { container, rerender } = render(view(rows));
    const before = [...container.querySelectorAll('tr.ant-table-row')];
    rerender(
      view([
        { id: '3', name: 'c' },
        { id: '4', name: 'd' },
        { id: '5', name: 'e' },
      ]),
    );
    const after = [...container.querySelectorAll('tr.ant-table-row')];
    expect(after.slice(0, 2)).toEqual(before);
    expect(after.map((r) => r.getAttribute('data-row-key'))).toEqual(['3', '4', '5']);
    expect(after.map((r) => r.textContent)).toEqual(['c', 'd', 'e']);
    // selection follows the record, not the position
    expect(after.map((r) => r.querySelector('input')?.checked)).toEqual([false, true, false]);
    rerender(view([]));
    expect(container.querySelectorAll('tr.ant-table-row')).toHaveLength(0);
    expect(container.querySelector('.ant-table-placeholder')).not.toBeNull();
  });

  it('keeps the cells of a pure render and the pager when the table is drawn again for a hidden column or a selection', () => {
    const pure = vi.fn((v: unknown) => `${String(v)}·`);
    const other = vi.fn((v: unknown) => `${String(v)}?`);
    // antd's pager calls itemRender for each item it draws: a count of the pager's draws
    const pagerDrawn = vi.fn((_page: number, _type: string, el: unknown) => el);
    const latest = { current: undefined as Record<string, unknown> | undefined };
    const first = pureRender(pure);
    const view = (selected: string[], cols: string[], watch: unknown[] = [], named: (v: unknown) => unknown = first) => {
      const all = [
        { key: 'name', dataIndex: 'name', title: '名称', render: named },
        { key: 'id', dataIndex: 'id', title: '编号', render: other },
        { key: 'note', dataIndex: 'id', title: '备注', render: () => '—' },
      ];
      const props = {
        columns: all.filter((c) => cols.includes(c.key)),
        dataSource: rows,
        rowSelection: { selectedRowKeys: selected },
        pagination: { current: 1, pageSize: 2, total: 4, itemRender: pagerDrawn },
      };
      latest.current = props;
      return <StableTable latest={latest} props={props} rowKey="id" watch={watch} />;
    };
    const { container, rerender } = render(view([], ['name', 'id', 'note']));
    const text = () => [...container.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.textContent);
    expect(text()).toEqual(['a·1?—', 'b·2?—']);
    const counts = () => [pure.mock.calls.length, other.mock.calls.length, pagerDrawn.mock.calls.length];
    const [pure0, other0, pager0] = counts();

    // a column hidden: the table's cells are drawn again, but for the pure render's; the pager is kept
    rerender(view([], ['name', 'id']));
    expect(text()).toEqual(['a·1?', 'b·2?']);
    expect(counts()[0]).toBe(pure0);
    expect(counts()[1]).toBeGreaterThan(other0);
    expect(counts()[2]).toBe(pager0);

    // a row selected: the table is drawn again, the pager is not
    rerender(view(['2'], ['name', 'id']));
    expect(container.querySelectorAll('.ant-table-row-selected')).toHaveLength(1);
    expect(counts()[0]).toBe(pure0);
    expect(counts()[2]).toBe(pager0);

    // new columns (what the renders read from outside changed: watch): a new pure render, drawn
    rerender(
      view(
        ['2'],
        ['name'],
        ['en'],
        pureRender((v: unknown) => pure(v)),
      ),
    );
    expect(counts()[0]).toBeGreaterThan(pure0);
    expect(counts()[2]).toBeGreaterThan(pager0);
  });
});
