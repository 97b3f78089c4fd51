/**
 * The table inside ProTable, drawn again only when what it shows changes.
 *
 * ProTable renders again on its own state: its data hook resets a loading flag from its effects on
 * every page change and each time a kept-alive page shows again (useFetchData's abortFetch, even
 * without a `request`), and it keeps its own page state. Each of its renders hands antd's Table new
 * handler functions (onChange, pagination.onChange, rowSelection.onChange) and new but equal objects.
 * antd's Table counts its renders and rc-table then draws every cell of every row again: three times
 * on a menu click back to /order and four times on a page-2 click where one would do (a trace of the
 * props that differed between those renders showed only these).
 *
 * The pagination is drawn beside the Table, not by it: antd's Table keeps the page in a state of its
 * own, set at every page click, and that render of the Table drew every row again with the old rows
 * before the new page's request was answered (~30 ms of a page-2 click, the whole click's render in
 * its profile). The pager gets the props antd's Table would give it (its class, end alignment, the
 * small size of a middle or small table), so it looks and acts as before; sorting still goes through
 * the Table's onChange.
 *
 * ProTable's `tableViewRender` hands over the props it would give the Table. This component compares
 * them with the last drawn ones, functions aside (`sameForDrawing`), and draws again only when they
 * differ or when `watch` does: what the functions that draw (cell renders, the total text) read from
 * outside the props. Every function reaches the Table as a stable stand-in that calls the latest one
 * (`latest`, set at each of ProTable's renders), so no click acts on an old closure.
 *
 * @example
 * tableViewRender={(p) => { latest.current = p; return <StableTable latest={latest} props={p} rowKey="id" watch={[columns, t]} />; }}
 */
import { Pagination, Table, type PaginationProps, type TableProps } from 'antd';
import { createContext, createElement, memo, useContext, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { useContext as useTableContext } from '@rc-component/context';
import TableContext from 'rc-table/es/context/TableContext';
import { LeanRow, leanBodyRows, ROW_CONTEXT_KEYS, type RowContext } from './lean-row';
import { isPureRender } from './pure-render';
import { useRowsInView } from './rows-in-view';

type Props = Record<string, unknown>;

function isPlain(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && !('$$typeof' in v);
}

function isElement(v: unknown): v is { type: unknown; key: unknown; props: unknown } {
  return !!v && typeof v === 'object' && '$$typeof' in v && 'type' in v && 'props' in v;
}

/**
 * Equal for drawing: the same values, any two functions counted equal, plain objects and arrays
 * compared member by member down to `depth` (deeper, only the same object is equal), React elements
 * by type, key and props (ProTable wraps each column title in a new one at every render).
 */
export function sameForDrawing(a: unknown, b: unknown, depth = 4): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (depth === 0) return false;
  if (isElement(a) && isElement(b)) return a.type === b.type && a.key === b.key && sameForDrawing(a.props, b.props, depth - 1);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameForDrawing(x, b[i], depth - 1));
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameForDrawing(a[k], b[k], depth - 1));
  }
  return false;
}

/** A step into props: an object's key, or an array element by its `key` (columns) or index. */
type Step = string | { key: unknown } | number;

function stepInto(v: unknown, step: Step): unknown {
  if (typeof step === 'string') return isPlain(v) ? v[step] : undefined;
  if (!Array.isArray(v)) return undefined;
  return typeof step === 'number' ? v[step] : v.find((x) => isPlain(x) && x.key === step.key);
}

/**
 * `value` with every function (down to `depth`) replaced by a stand-in that calls the function at the
 * same place in `latest.current`; stand-ins are kept in `cache` by place, so they stay the same. A pure
 * cell render (pure-render.ts) goes as it is: a new one comes only with new columns, which `watch` holds,
 * and its identity is what lets the rows keep its results.
 */
export function forwardFunctions(value: unknown, latest: RefObject<unknown>, cache: Map<string, unknown>, path: Step[] = [], depth = 4): unknown {
  if (typeof value === 'function') {
    if (isPureRender(value)) return value;
    const id = JSON.stringify(path);
    let f = cache.get(id);
    if (!f) {
      f = (...args: unknown[]) => {
        const fn = path.reduce<unknown>((v, s) => stepInto(v, s), latest.current);
        return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown)(...args) : undefined;
      };
      cache.set(id, f);
    }
    return f;
  }
  if (depth === 0) return value;
  if (Array.isArray(value)) {
    return value.map((x, i) => forwardFunctions(x, latest, cache, [...path, isPlain(x) && x.key !== undefined ? { key: x.key } : i], depth - 1));
  }
  if (isPlain(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forwardFunctions(v, latest, cache, [...path, k], depth - 1)]));
  }
  return value;
}

interface StableTableProps {
  /** ProTable's props for the table at its latest render (tableViewRender's first argument) */
  latest: RefObject<Props | undefined>;
  props: Props;
  rowKey: TableProps<Record<string, unknown>>['rowKey'];
  /** what the drawing functions read from outside the props: any change draws again */
  watch: readonly unknown[];
}

/**
 * rc-table measures the scrollbar's width as it mounts, for a fixed header's last column: it adds a
 * <style> element and a scrolling box to the page, reads their size and removes both — a forced
 * layout of the page and a restyle of all of it afterwards (getScrollBarSize: ~90 ms of a cold /order
 * in the CPU profile, on every list's and drawer table's mount). A table without a fixed header, a
 * sticky one or sideways scrolling never uses that width. rc-table's `tailor` flag (which antd's
 * virtual table sets, and antd's Table passes on) skips the measure; without `scroll` it changes
 * nothing else (rc-table/es/Table.js: the other uses need a numeric scroll.x). Spread it into any
 * antd Table without `scroll` or `sticky`.
 */
export const SKIP_SCROLLBAR_MEASURE = { tailor: true } as Record<string, unknown>;

/**
 * The table body with its rows keyed by position, not by record: a new page, tab or search puts the
 * new records into the rows already drawn (React changes the texts that differ) instead of removing
 * every row's elements and making them again. The record's key still reaches each row (`data-row-key`,
 * selection, expansion): only React's key changes. A page-2 click on /order spent part of its render
 * removing and making rows (fibers, elements, their first styles: the style recalculation in its trace
 * went from 10–14 ms to 3–5 ms). Cells that keep state of their own tie it to the value they show
 * (CopyableText; a cut text's tooltip closes when its span shows another text: fields/ellipsis-tip.tsx).
 * The rows are LeanBodyRows (lean-row.tsx), given the table's context read here once for all of them.
 */
export function RowsByPosition({ children, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  // the table's context, read here once for every row (LeanBodyRow)
  const ctx = useTableContext(TableContext, ROW_CONTEXT_KEYS) as RowContext;
  const body = useRef<HTMLTableSectionElement>(null);
  // rc-table's body children: its measure row (or false) and the rows (an array; one element when empty)
  const parts = (Array.isArray(children) ? children : [children]) as unknown[];
  const rowList = parts.find((part): part is unknown[] => Array.isArray(part)) ?? [];
  // more rows than before: those below the window's edge follow in a transition (rows-in-view.ts)
  const shown = useRowsInView(body, rowList.length);
  const rows = parts.map((part) => (Array.isArray(part) ? leanBodyRows(shown < part.length ? part.slice(0, shown) : part, ctx) : part));
  return createElement('tbody', { ...rest, ref: body }, ...(rows as ReactNode[]));
}

const BY_POSITION = { header: { row: LeanRow }, body: { wrapper: RowsByPosition, row: LeanRow } };

/**
 * Any other antd Table's rows drawn by LeanRow (a detail's tables of sub-records): its header and body
 * cells as plain elements instead of a dozen-hook Cell component each, drawn twice as the table
 * mounts; with the `lean-rows` class that colours the hovered row (list.css). Spread into the Table.
 *
 * @example
 * <Table {...LEAN_ROWS} … />
 */
export const LEAN_ROWS = { className: 'lean-rows', components: { header: { row: LeanRow }, body: { row: LeanRow } } };

const sameWatch = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((w, i) => Object.is(w, b[i]));

/**
 * ProTable's own settings, which its tableViewRender hands on with the table's props but antd's Table
 * does not use: neither compared nor handed to the Table. Compared, a new tab count (the toolbar), a
 * folded search form or a column setting drew every row of the table again (~160 components, ~0.3 s
 * after a search, when its tab counts came).
 */
const PRO_TABLE_OWN = new Set([
  'actionRef',
  'formRef',
  'form',
  'search',
  'onSubmit',
  'onReset',
  'toolbar',
  'toolBarRender',
  'options',
  'optionsRender',
  'columnsState',
  'onSizeChange',
  'tableAlertRender',
  'tableAlertOptionRender',
  'tableViewRender',
  'dateFormatter',
  'manualRequest',
  'headerTitle',
  'tooltip',
]);

/** The table's props without ProTable's own settings (PRO_TABLE_OWN). */
function tableOnly(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !PRO_TABLE_OWN.has(k)));
}

/** The rows on screen and the page they are, when they reach the table past ProTable (`TableRows`). */
export interface ShownRows {
  dataSource: readonly Record<string, unknown>[];
  current: number;
  pageSize: number;
  total: number;
  /** the pager's page or page size chosen (instead of the table's own pagination.onChange) */
  onPageChange?: (current: number, pageSize: number) => void;
  /**
   * The sort these rows are in: the sortable columns' headers show it (antd's `sortOrder`, null on
   * the others), whether it came from a header's click, the URL (a link, a reload, back or forward) or
   * a reset. Left out, the headers keep the table's own sort state.
   */
  sort?: { field?: string; order?: 'ascend' | 'descend' };
}

type Column = Record<string, unknown>;

/** `columns` with each sortable one's `sortOrder` set from `sort` (as they are without a `sort`). */
function withSortOrder(columns: unknown, sort: ShownRows['sort']): unknown {
  if (!sort || !Array.isArray(columns)) return columns;
  return (columns as Column[]).map((c) => (c.sorter ? { ...c, sortOrder: c.key === sort.field && sort.order ? sort.order : null } : c));
}

/**
 * The rows and their page, handed to a StableTable inside ProTable without ProTable's props: an answer
 * with new rows then draws the table and its pager, not ProTable. Given to ProTable, each answer drew it
 * again, and with it everything that reads ProTable's store (a context whose value is new at each of its
 * renders): the toolbar's buttons, tooltips, density menu and column settings, ~70 components of a
 * page click's rows render that showed nothing new. Where this is given, the `dataSource` and the
 * pagination's `current`, `pageSize` and `total` in the table's props are not used (leave them out, so
 * that ProTable's own page state does not draw the table). With `onPageChange` the pager calls it
 * instead of ProTable's pagination.onChange, which also set ProTable's own page state: ProTable and
 * its toolbar drew again at the click, and once more from its data hook's effect while the request was
 * out (two commits a page click, one of them often where the answer landed).
 */
export const TableRows = createContext<ShownRows | null>(null);

/**
 * The pager, drawn again only when what it shows changes: the table is drawn again for a column
 * hidden or shown, a row selected or the density, and each time drew the pager with it (~25
 * components). Its functions are stand-ins that call the latest ones; what the total text reads from
 * outside (the locale, an estimated total) is in `watch`.
 */
const StablePager = memo(
  function StablePager({ watch: _watch, ...props }: PaginationProps & { watch: readonly unknown[] }) {
    return <Pagination {...props} />;
  },
  ({ watch: a, ...pa }, { watch: b, ...pb }) => sameWatch(a, b) && sameForDrawing(pa, pb, 3),
);

function Drawn({ latest, props, rowKey, watch }: StableTableProps) {
  const cache = useRef(new Map<string, unknown>()).current;
  const shown = useContext(TableRows);
  // the rows go as they are (no functions in them; their identity is the table's to keep)
  const { dataSource: ownRows, pagination, ...rest } = tableOnly(props);
  const dataSource = shown ? shown.dataSource : ownRows;
  const forwarded = forwardFunctions(rest, latest, cache) as TableProps<Record<string, unknown>>;
  const columns = withSortOrder(forwarded.columns, shown?.sort) as TableProps<Record<string, unknown>>['columns'];
  const forwardedPager = isPlain(pagination) ? (forwardFunctions(pagination, latest, cache, ['pagination']) as PaginationProps) : undefined;
  // the latest onPageChange, behind one function for good (as the other handlers are: forwardFunctions)
  const pageChange = useRef(shown?.onPageChange);
  pageChange.current = shown?.onPageChange;
  const onPageChange = useRef((current: number, pageSize: number) => pageChange.current?.(current, pageSize)).current;
  const pager =
    forwardedPager && shown
      ? {
          ...forwardedPager,
          current: shown.current,
          pageSize: shown.pageSize,
          total: shown.total,
          ...(shown.onPageChange ? { onChange: onPageChange } : undefined),
        }
      : forwardedPager;
  return (
    <>
      <Table<Record<string, unknown>>
        {...forwarded}
        {...(!forwarded.scroll && !forwarded.sticky ? SKIP_SCROLLBAR_MEASURE : undefined)}
        columns={columns}
        components={BY_POSITION}
        // the hovered row's colour comes from list.css (LeanRow draws no hover state)
        className={[forwarded.className, 'lean-rows'].filter(Boolean).join(' ')}
        pagination={false}
        dataSource={dataSource as TableProps<Record<string, unknown>>['dataSource']}
        rowKey={rowKey}
      />
      {pager && !!pager.total && (
        <StablePager
          {...pager}
          watch={watch}
          className={['ant-table-pagination', 'list-pagination', pager.className].filter(Boolean).join(' ')}
          align={pager.align ?? 'end'}
          // as antd's Table sizes its own pagination
          size={pager.size ?? (forwarded.size === 'small' || forwarded.size === 'middle' ? 'small' : undefined)}
        />
      )}
    </>
  );
}

export const StableTable = memo(
  Drawn,
  (a, b) => a.rowKey === b.rowKey && sameWatch(a.watch, b.watch) && sameForDrawing(tableOnly(a.props), tableOnly(b.props), 6),
);
