/**
 * The list table's row (`components.body.row` of rc-table), drawing its cells as plain `<td>`s.
 *
 * rc-table's row hands its row component one Cell element per column. Drawn as they are, each is a
 * component with a dozen hooks: two subscriptions to the table's context (whose listeners all run
 * again whenever that context changes: the hovered row, a new page), a memo with a deep comparison, two
 * event handlers for the hovered-row state. On /order that was 240 components per page of rows, the
 * largest part of a page click's render after the answer came (CPU profile: rc-table's Cell first
 * among the components).
 *
 * This row reads each Cell element's props and draws the `<td>` the Cell would: the same element,
 * classes, sticky offsets, text alignment, spans and content (lean-row.test.tsx compares the two
 * tables' markup). What it leaves out: the hovered row is highlighted by CSS (list.css) instead of
 * rc-table's hover state, and a column's `shouldCellUpdate` is not consulted (none of ours has one).
 * Rows that are not rc-table's (its empty-table placeholder) are drawn as they come.
 *
 * It draws the header row too (`components.header.row`): rc-table draws the header again whenever the
 * table gets new rows, and its header Cells were a dozen components with hooks on every new page.
 *
 * @example
 * <Table components={{ header: { row: LeanRow }, body: { row: LeanRow } }} … />
 */
import classNames from 'classnames';
import { cloneElement, createElement, isValidElement, memo, useRef, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import BodyRow from 'rc-table/es/Body/BodyRow';
import { useImmutableMark } from 'rc-table/es/context/TableContext';
import { getColumnsKey } from 'rc-table/es/utils/valueUtil';
import { isPureRender } from './pure-render';

/** The props rc-table's BodyRow and HeaderRow give each Cell element (rc-table/es/Body/BodyRow.js, Header/HeaderRow.js). */
interface CellElementProps {
  component?: string;
  prefixCls: string;
  className?: string;
  ellipsis?: boolean | { showTitle?: boolean };
  align?: CSSProperties['textAlign'];
  scope?: string;
  /** 'header' for the header row's cells (HeaderRow); their title shows even when `showTitle` is off */
  rowType?: string;
  record?: Record<string, unknown>;
  index?: number;
  renderIndex?: number;
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, record: unknown, index: number | undefined) => unknown;
  children?: ReactNode;
  colSpan?: number;
  rowSpan?: number;
  fixLeft?: number | false;
  fixRight?: number | false;
  firstFixLeft?: boolean;
  lastFixLeft?: boolean;
  firstFixRight?: boolean;
  lastFixRight?: boolean;
  isSticky?: boolean;
  appendNode?: ReactNode;
  additionalProps?: HTMLAttributes<HTMLElement> & { colSpan?: number; rowSpan?: number; title?: string };
}

/** A Cell element of rc-table's BodyRow (its placeholder row's Cell has no `additionalProps`). */
function isCellElement(el: unknown): el is { key: string | null; props: CellElementProps } {
  if (!isValidElement(el) || typeof el.type === 'string') return false;
  const p = el.props as Partial<CellElementProps>;
  return typeof p.prefixCls === 'string' && 'additionalProps' in p;
}

function valueAt(record: Record<string, unknown> | undefined, dataIndex: CellElementProps['dataIndex']): unknown {
  if (dataIndex === null || dataIndex === undefined || dataIndex === '') return record;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let v: unknown = record;
  for (const k of path) v = v == null ? undefined : (v as Record<string | number, unknown>)[k];
  return v;
}

type LegacyProps = HTMLAttributes<HTMLElement> & { colSpan?: number; rowSpan?: number };

/**
 * What a cell's render gave, kept per column while nothing it depends on changes: as rc-table's Cell
 * keeps it (useCellRender), so a row drawn again with the same record (the table's second render as it
 * mounts) calls no render. `mark` changes whenever the table is drawn from new props; a pure render's
 * result (pure-render.ts) is kept across that too (a column hidden, a row selected).
 */
interface Rendered {
  mark: unknown;
  record: unknown;
  render: unknown;
  renderIndex: unknown;
  dataIndex: unknown;
  content: unknown;
  legacy: LegacyProps | undefined;
}

function renderedOf(p: CellElementProps, mark: unknown, was: Rendered | undefined): Rendered {
  if (
    was &&
    (was.mark === mark || isPureRender(p.render)) &&
    was.record === p.record &&
    was.render === p.render &&
    was.renderIndex === p.renderIndex &&
    was.dataIndex === p.dataIndex
  )
    return was;
  const value = valueAt(p.record, p.dataIndex);
  let content = p.render ? p.render(value, p.record, p.renderIndex) : value;
  let legacy: LegacyProps | undefined;
  // a render may still return `{ children, props }` (rc-table's older way to set a cell's props)
  if (content && typeof content === 'object' && !Array.isArray(content) && !isValidElement(content)) {
    const r = content as { children?: unknown; props?: LegacyProps };
    content = r.children;
    legacy = r.props;
  }
  return { mark, record: p.record, render: p.render, renderIndex: p.renderIndex, dataIndex: p.dataIndex, content, legacy };
}

/** What rc-table's Cell would draw for these props (rc-table/es/Cell/index.js), as a plain element. */
function cellOf(key: string | null, p: CellElementProps, rendered: Rendered | undefined): ReactNode {
  const extra = p.additionalProps ?? {};
  let content: unknown = p.children;
  let legacy: LegacyProps | undefined;
  if ((content === null || content === undefined) && rendered) {
    content = rendered.content;
    legacy = rendered.legacy;
  }
  if (content && typeof content === 'object' && !Array.isArray(content) && !isValidElement(content)) content = null;
  const colSpan = legacy?.colSpan ?? extra.colSpan ?? p.colSpan ?? 1;
  const rowSpan = legacy?.rowSpan ?? extra.rowSpan ?? p.rowSpan ?? 1;
  if (colSpan === 0 || rowSpan === 0) return null;

  const cls = `${p.prefixCls}-cell`;
  const fixLeft = typeof p.fixLeft === 'number';
  const fixRight = typeof p.fixRight === 'number';
  const style: CSSProperties = { ...legacy?.style };
  if (fixLeft) Object.assign(style, { position: 'sticky', left: p.fixLeft });
  if (fixRight) Object.assign(style, { position: 'sticky', right: p.fixRight });
  if (p.align) style.textAlign = p.align;
  Object.assign(style, extra.style);

  const ellipsis = p.ellipsis === true ? { showTitle: true } : p.ellipsis;
  let title = extra.title;
  if (title === undefined && ellipsis && (ellipsis.showTitle || p.rowType === 'header')) {
    if (typeof content === 'string' || typeof content === 'number') title = String(content);
    else if (isValidElement<{ children?: unknown }>(content) && typeof content.props.children === 'string') title = content.props.children;
  }
  let shown = content as ReactNode;
  if (p.ellipsis && (p.lastFixLeft || p.firstFixRight)) shown = createElement('span', { className: `${cls}-content` }, shown);

  return createElement(
    p.component ?? 'td',
    {
      ...legacy,
      ...extra,
      key,
      className: classNames(
        cls,
        p.className,
        {
          [`${cls}-fix-left`]: fixLeft,
          [`${cls}-fix-left-first`]: p.firstFixLeft,
          [`${cls}-fix-left-last`]: p.lastFixLeft,
          [`${cls}-fix-right`]: fixRight,
          [`${cls}-fix-right-first`]: p.firstFixRight,
          [`${cls}-fix-right-last`]: p.lastFixRight,
          [`${cls}-ellipsis`]: !!p.ellipsis,
          [`${cls}-with-append`]: !!p.appendNode,
          [`${cls}-fix-sticky`]: (fixLeft || fixRight) && p.isSticky,
        },
        extra.className,
        legacy?.className,
      ),
      style,
      title,
      scope: p.scope,
      colSpan: colSpan !== 1 ? colSpan : undefined,
      rowSpan: rowSpan !== 1 ? rowSpan : undefined,
    },
    p.appendNode,
    shown,
  );
}

/** A cell's `<td>` from its Cell props, its render's result kept in `kept` under its key. */
function leanCell(key: string | null, p: CellElementProps, mark: unknown, kept: Map<string | null, Rendered>): ReactNode {
  let rendered: Rendered | undefined;
  if (p.children === null || p.children === undefined) {
    rendered = renderedOf(p, mark, kept.get(key));
    kept.set(key, rendered);
  }
  return cellOf(key, p, rendered);
}

export function LeanRow({ children, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  const mark = useImmutableMark();
  const kept = useRef(new Map<string | null, Rendered>()).current;
  const parts = Array.isArray(children) ? (children as unknown[]) : [children];
  const cells = parts.map((c) => (isCellElement(c) ? leanCell(c.key, c.props, mark, kept) : (c as ReactNode)));
  return createElement('tr', rest, ...cells);
}

/** What a body row reads from rc-table's context (the part of hooks/useRowInfo.js a row without expansion uses). */
export interface RowContext {
  prefixCls: string;
  fixedInfoList: readonly Partial<CellElementProps>[];
  flattenColumns: readonly ColumnOfRow[];
  /** 'row' or 'nest' when the table's rows expand: such rows stay rc-table's own */
  expandableType: false | 'row' | 'nest';
  rowClassName?: string | ((record: unknown, index: number, indent: number) => string);
  onRow?: (record: unknown, index: number) => (HTMLAttributes<HTMLElement> & Record<string, unknown>) | undefined;
}

/** A column as rc-table's rows get it (after antd and rc-table added theirs: selection, fixed, keys). */
interface ColumnOfRow {
  key?: string | number;
  dataIndex?: CellElementProps['dataIndex'];
  render?: CellElementProps['render'];
  className?: string;
  ellipsis?: CellElementProps['ellipsis'];
  align?: CellElementProps['align'];
  rowScope?: string;
  onCell?: (record: unknown, index: number) => CellElementProps['additionalProps'] | undefined;
}

export const ROW_CONTEXT_KEYS: (keyof RowContext)[] = ['prefixCls', 'fixedInfoList', 'flattenColumns', 'expandableType', 'rowClassName', 'onRow'];

/** rc-table's keys of the columns (getColumnsKey), worked out once per set of columns rather than once per row. */
const keysOfColumns = new WeakMap<readonly ColumnOfRow[], string[]>();
function columnKeys(columns: readonly ColumnOfRow[]): string[] {
  let keys = keysOfColumns.get(columns);
  if (!keys) keysOfColumns.set(columns, (keys = getColumnsKey(columns as never[]) as string[]));
  return keys;
}

/** The props rc-table's Body gives each BodyRow element (rc-table/es/Body/index.js). */
export interface BodyRowProps {
  record: Record<string, unknown>;
  index: number;
  renderIndex: number;
  rowKey: string | number;
  indent: number;
  cellComponent: string;
  scopeCellComponent: string;
  className?: string;
  style?: CSSProperties;
}

interface LeanBodyRowProps {
  ctx: RowContext;
  row: BodyRowProps;
}

/**
 * A body row drawn from the record and the table's context directly, without rc-table's BodyRow: what
 * BodyRow and its Cells would draw (the same `<tr>` and `<td>`s; lean-row.test.tsx compares the
 * markup), without its component, its memo wrapper and its subscription to the table's context. Each
 * BodyRow subscribed on its own and ran its selector and a comparison whenever the context changed,
 * and again while drawing (CPU profile of a page-1 click: BodyRow 7.3 ms of the rows' render, its
 * context's listeners 3.5 ms more); here the rows' wrapper reads the context once for all of them
 * (`RowsByPosition`, StableTable.tsx). A row is drawn again when its record, its place or the
 * context changes, and whenever the table is drawn from new props (its mark, as BodyRow).
 */
export const LeanBodyRow = memo(
  function LeanBodyRow({ ctx, row }: LeanBodyRowProps) {
    const mark = useImmutableMark();
    const kept = useRef(new Map<string | null, Rendered>()).current;
    const { prefixCls, flattenColumns, fixedInfoList, rowClassName, onRow } = ctx;
    const { record, index, renderIndex, indent } = row;
    const rowProps = onRow?.(record, index);
    const ownClass = typeof rowClassName === 'function' ? rowClassName(record, index, indent) : rowClassName;
    const keys = columnKeys(flattenColumns);
    const cells = flattenColumns.map((column, i) => {
      const key = keys[i] ?? null;
      const p: CellElementProps = {
        className: column.className,
        ellipsis: column.ellipsis,
        align: column.align,
        scope: column.rowScope,
        component: column.rowScope ? row.scopeCellComponent : row.cellComponent,
        prefixCls,
        record,
        index,
        renderIndex,
        dataIndex: column.dataIndex,
        render: column.render,
        ...fixedInfoList[i],
        additionalProps: column.onCell?.(record, index) ?? {},
      };
      return leanCell(key, p, mark, kept);
    });
    // the attributes in BodyRow's order: its row props come with their class first
    const attrs: Record<string, unknown> = { className: undefined, ...rowProps, 'data-row-key': row.rowKey };
    attrs.className = classNames(row.className, `${prefixCls}-row`, `${prefixCls}-row-level-${indent}`, classNames(ownClass, rowProps?.className));
    attrs.style = { ...row.style, ...rowProps?.style };
    return createElement('tr', attrs, ...cells);
  },
  (a, b) =>
    ROW_CONTEXT_KEYS.every((k) => a.ctx[k] === b.ctx[k]) &&
    (['record', 'index', 'renderIndex', 'rowKey', 'indent', 'cellComponent', 'scopeCellComponent', 'className', 'style'] as const).every(
      (k) => a.row[k] === b.row[k],
    ),
);

/**
 * rc-table's body rows as LeanBodyRows, keyed by their position, given the table's
 * context read once (ROW_CONTEXT_KEYS). Rows of a table whose rows expand, and anything that is not a
 * BodyRow, stay as they are.
 */
export function leanBodyRows(rows: readonly unknown[], ctx: RowContext): ReactNode[] {
  return rows.map((row, i) => {
    if (!isValidElement(row)) return row as ReactNode;
    if (row.type !== BodyRow || ctx.expandableType) return cloneElement(row, { key: i });
    return createElement(LeanBodyRow, { key: i, ctx, row: row.props as BodyRowProps });
  });
}
