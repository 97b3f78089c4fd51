/**
 * The table's cells drawn by the schema's own renders, not through ProTable's column wrapper.
 *
 * ProTable wraps every column's `render` in its `columnRender`: per cell it copies the row for an
 * editable check, copies the column, renders the value with ProField as its default rendering, wraps it
 * for copyable text, and then calls the column's own render and returns what that gave, throwing the
 * rest away. Every column of ours has a render of its own (fieldCell, the row actions), none is
 * editable or copyable through ProTable, so the wrapper's work is all waste: on /order it was about a
 * third of drawing a page of rows (CPU profile of a page-2 click). The table gets our renders instead,
 * found by column key.
 *
 * @example
 * const renders = directCellRenders(columns);             // once per columns
 * tableViewRender={(p) => <Table {...withDirectCells(p, renders)} />}
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { Row } from '../../engine';
import { pureRender } from './pure-render';

export type CellRender = (value: unknown, record: Row, index: number) => unknown;

/**
 * The render of every table column (by key) that has one. Each is a pure render (pure-render.ts): the
 * columns, and with them the renders, are made again whenever what a cell reads from around it changes.
 */
export function directCellRenders(columns: readonly ProColumns<Row>[]): ReadonlyMap<unknown, CellRender> {
  const out = new Map<unknown, CellRender>();
  for (const c of columns)
    if (!c.hideInTable && c.key !== undefined && typeof c.render === 'function') out.set(c.key, pureRender(c.render as unknown as CellRender));
  return out;
}

/** ProTable's table props with each known column's render replaced by ours (the rest as they are). */
export function withDirectCells(props: Record<string, unknown>, renders: ReadonlyMap<unknown, CellRender>): Record<string, unknown> {
  const columns = props.columns;
  if (!Array.isArray(columns)) return props;
  return {
    ...props,
    columns: columns.map((c: Record<string, unknown>) => {
      const render = renders.get(c.key);
      return render ? { ...c, render } : c;
    }),
  };
}
