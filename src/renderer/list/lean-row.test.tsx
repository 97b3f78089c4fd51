// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { Table, type TableProps } from 'antd';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanRow } from './lean-row';
import { RowsByPosition } from './StableTable';

afterEach(cleanup);

type Row = { id: string; name: string; amount: number; shop: { title: string }; note: string | null };

const rows: Row[] = [
  { id: '1', name: '田超', amount: 12.5, shop: { title: '朝阳店' }, note: '加急' },
  { id: '2', name: 'Li Wei', amount: 0, shop: { title: '海淀店' }, note: null },
  { id: '3', name: '王芳', amount: 300, shop: { title: '西城店' }, note: '' },
];

/** Every kind of column a list table draws, and what rc-table's Cell does with each. */
const columns: TableProps<Row>['columns'] = [
  { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 120, ellipsis: true, className: 'col-name' },
  {
    key: 'amount',
    dataIndex: 'amount',
    title: '金额',
    align: 'right',
    width: 100,
    render: (v: number) => createElement('span', { className: 'cell-num' }, v.toFixed(2)),
  },
  { key: 'shop', dataIndex: ['shop', 'title'], title: '门店', width: 140 },
  {
    key: 'note',
    dataIndex: 'note',
    title: '备注',
    width: 160,
    onCell: (_r, i) => (i === 0 ? { colSpan: 2, title: 'merged', className: 'merged', style: { color: 'red' } } : {}),
    render: (v: string | null) => v ?? '-',
  },
  { key: 'gone', title: '隐', width: 80, onCell: (_r, i) => (i === 0 ? { colSpan: 0 } : {}), render: () => 'x' },
  // rc-table's older way for a render to set its cell's props
  { key: 'legacy', title: '旧', width: 80, render: (_v, r) => ({ children: r.id, props: { className: 'legacy', rowSpan: 1 } }) as never },
  { key: 'op', title: '操作', fixed: 'right', width: 120, ellipsis: true, render: (_v, r) => createElement('a', null, `查看${r.id}`) },
];

/** `rows` in a table with these columns, fixed columns scrolling, the second row selected, and `props`. */
function renderTable(props: Partial<TableProps<Row>>) {
  return render(
    <Table<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 900 }} rowSelection={{ selectedRowKeys: ['2'] }} {...props} />,
  );
}

/** The markup of a table's `part` (its tbody or thead), with rc-table's rows or LeanRow for header and body. */
function htmlOf(part: '.ant-table-tbody' | '.ant-table-thead', cols: TableProps<Row>['columns'], row?: typeof LeanRow) {
  const { container } = renderTable({ columns: cols, components: row ? { header: { row }, body: { row } } : undefined });
  const html = container.querySelector(part)!.outerHTML;
  cleanup();
  return html;
}

describe('LeanRow', () => {
  it("draws the same rows and cells as rc-table's Cell components (classes, sticky offsets, alignment, spans, titles, content)", () => {
    const theirs = htmlOf('.ant-table-tbody', columns);
    const ours = htmlOf('.ant-table-tbody', columns, LeanRow);
    expect(ours).toBe(theirs);
    // the comparison covers what it should: fixed cells, a merged cell, a selected row, the legacy props
    for (const part of [
      'ant-table-cell-fix-left',
      'ant-table-cell-fix-right-first',
      'colspan="2"',
      'ant-table-row-selected',
      'class="ant-table-cell legacy"',
      'title="田超"',
    ])
      expect(ours).toContain(part);
  });

  it('draws an empty table as rc-table does (its placeholder row)', () => {
    const html = (row?: typeof LeanRow) => {
      const { container } = render(
        <Table<Row> rowKey="id" columns={columns} dataSource={[]} pagination={false} components={row ? { body: { row } } : undefined} />,
      );
      const out = container.querySelector('.ant-table-tbody')!.outerHTML;
      cleanup();
      return out;
    };
    const ours = html(LeanRow);
    expect(ours).toBe(html());
    expect(ours).toContain('ant-table-placeholder');
  });

  it("draws the header row as rc-table's header Cells do (sorters, groups, fixed and cut titles)", () => {
    const headed: TableProps<Row>['columns'] = [
      { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 120, ellipsis: { showTitle: false } },
      { key: 'amount', dataIndex: 'amount', title: '金额', align: 'right', width: 100, sorter: true, sortOrder: 'ascend' },
      {
        key: 'where',
        title: '位置',
        children: [
          { key: 'shop', dataIndex: ['shop', 'title'], title: '门店', width: 140, ellipsis: true },
          { key: 'note', dataIndex: 'note', title: <span>备注</span>, width: 160, onHeaderCell: () => ({ className: 'head-note', title: '备注说明' }) },
        ],
      },
      { key: 'blank', width: 60 },
      { key: 'op', title: '操作', fixed: 'right', width: 120 },
    ];
    const ours = htmlOf('.ant-table-thead', headed, LeanRow);
    expect(ours).toBe(htmlOf('.ant-table-thead', headed));
    // what the comparison covers: a group's spans, a sorter, a fixed column, a cut title shown as the title
    for (const part of ['colspan="2"', 'rowspan="2"', 'ant-table-column-sorters', 'ant-table-cell-fix-right', 'title="姓名"', 'title="备注说明"'])
      expect(ours).toContain(part);
  });

  describe('rows drawn without BodyRow (RowsByPosition and LeanBodyRow)', () => {
    /** The tbody of a table with `extra` props: rc-table's own rows, or the lean rows through the list's body wrapper. */
    function tbodyOf(lean: boolean, extra: Partial<TableProps<Row>> = {}) {
      const { container } = renderTable({ components: lean ? { body: { wrapper: RowsByPosition, row: LeanRow } } : undefined, ...extra });
      const out = container.querySelector('.ant-table-tbody')!;
      const html = out.outerHTML;
      const rowCount = out.querySelectorAll('tr.ant-table-row').length;
      // the component that drew the first row's <tr> (React's fiber on the element)
      const tr = out.querySelector('tr.ant-table-row') as (Element & Record<string, { return?: { type?: { name?: string } } }>) | null;
      const fiber = tr && tr[Object.keys(tr).find((k) => k.startsWith('__reactFiber$'))!];
      const drawnBy = fiber?.return?.type?.name;
      cleanup();
      return { html, rowCount, drawnBy };
    }

    it("draws the same rows and cells as rc-table's BodyRow and Cells", () => {
      const theirs = tbodyOf(false);
      const ours = tbodyOf(true);
      expect(ours.html).toBe(theirs.html);
      expect(ours.rowCount).toBe(3);
      expect(theirs.drawnBy).toBe('BodyRow');
      expect(ours.drawnBy).toBe('LeanBodyRow');
      for (const part of [
        'data-row-key="2"',
        'ant-table-row-selected',
        'ant-table-row-level-0',
        'ant-table-cell-fix-left',
        'colspan="2"',
        'class="ant-table-cell legacy"',
      ])
        expect(ours.html).toContain(part);
    });

    it("keeps a row's class, its onRow props and an empty table's placeholder", () => {
      const extra: Partial<TableProps<Row>> = {
        rowClassName: (r, i) => `row-${r.id}-${i}`,
        onRow: (r) => ({ className: 'hot', style: { color: 'red' }, 'data-name': r.name }) as never,
      };
      const ours = tbodyOf(true, extra);
      expect(ours.html).toBe(tbodyOf(false, extra).html);
      for (const part of ['row-2-1', 'hot', 'data-name="王芳"', 'color: red']) expect(ours.html).toContain(part);
      const empty = tbodyOf(true, { dataSource: [] });
      expect(empty.html).toBe(tbodyOf(false, { dataSource: [] }).html);
      expect(empty.html).toContain('ant-table-placeholder');
    });

    it('leaves the rows of a table that expands to rc-table (its expanded rows and their toggles)', () => {
      const extra: Partial<TableProps<Row>> = { expandable: { expandedRowRender: (r) => `详情 ${r.id}`, expandedRowKeys: ['1'] } };
      const ours = tbodyOf(true, extra);
      expect(ours.html).toBe(tbodyOf(false, extra).html);
      expect(ours.html).toContain('ant-table-expanded-row');
      expect(ours.drawnBy).toBe('LeanRow');
      expect(ours.html).toContain('详情 1');
    });
  });
});
