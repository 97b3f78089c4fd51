/**
 * The list screen of a resource: ProTable with the search form, status tabs with counts, toolbar
 * (actions, switches, export, refresh, density and column settings), gated row actions, bulk actions
 * and pagination, all state in the URL through useListController.
 */
import { ProTable, type ActionType, type ListToolBarProps, type ProFormInstance } from '@ant-design/pro-components';
import { App, Button, ConfigProvider, Space, theme } from 'antd';
import {
  cloneElement,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import type { Resource } from '../../schema';
import {
  filtersToFormValues,
  formValuesToFilters,
  requireBinding,
  useActionGate,
  useColumnSettings,
  useCounts,
  pick,
  useListController,
  useRuntime,
  filtersKey,
  searchFormFields,
  hiddenByDefault,
  normalizeColumns,
  operationColumnWidth,
  listColumnWidths,
  textMeasure,
  listTabs,
  ALL_TAB,
  optionsReadable,
  askAhead,
  useDrawnAhead,
  type Row,
} from '../../engine';
import { useT } from '../i18n';
import { actionIcon } from '../icons';
import { useActionRunner } from '../actions/useActionRunner';
import { tableColumns } from './columns';
import { rowActions, RowMenuHost, type ShowMore } from './RowActions';
import { ToolbarSwitch } from './ToolbarSwitch';
import { ExportButton } from './ExportButton';
import { ListBanner } from './ListBanner';
import { StableTable, TableRows, type ShownRows } from './StableTable';
import { ColumnSettings } from './ColumnSettings';
import { rowCheckboxes } from './row-checkbox';
import { StaticTagContext, StaticTagProvider } from '../fields/static-tag';
import { EllipsisTipHost, type ShowTip } from '../fields/ellipsis-tip';
import { directCellRenders, withDirectCells } from './direct-cells';
import { useTabsOwnLine } from './use-tabs-line';
import { useTableFits } from './use-table-fits';
import { useNarrow } from '../use-narrow';
import { useWarmMenuLists } from './warm-menu-lists';
import { SearchFoldContext } from './search-fold';
import { preloadCellSlots } from './preload-cells';
import './list.css';
import { allowsRoles, resolveBindingInput } from '../../schema';

export { ALL_TAB };

/** The table's empty text while a list waits for its first answer: a blank of the empty state's height. */
const WAITING = { emptyText: <div className="list-waiting" aria-busy="true" /> };

// coloured tags in the rows and the drawer drawn as plain elements (fields/static-tag.tsx)
export function ListScreen({ resource }: { resource: Resource }) {
  return (
    <StaticTagProvider>
      <ListScreenBody resource={resource} />
    </StaticTagProvider>
  );
}

/** ProTable's rows: none, the table's come through TableRows (StableTable.tsx) */
const NO_ROWS: Row[] = [];

/**
 * A status tab's label pressed with the mouse: rc-tabs' own handling of the press is skipped. Its tab
 * node sets a "pressed with the mouse" state on mousedown and clears it on mouseup, and the focus the
 * press gives the tab starts a scroll-into-view and an animation lock: three renders of the tab bar,
 * each measuring the tabs, before the click (render log of a status-tab click: commits of 30, 21 and 21
 * components, the click's own change ~45 ms after the press). The click still switches the tab; the
 * keyboard still focuses and moves between tabs as rc-tabs has it. A/B in one run, 4 × 3 clicks each:
 * status tab click → rows, median 122 → 81 ms; all tab 100 → 71.
 */
function tabMouseDown(e: ReactMouseEvent) {
  if (e.button !== 0) return;
  e.preventDefault();
  e.stopPropagation();
}

/** The table's props without what TableRows gives StableTable: the rows, the pager's page and total. */
function withoutRows(props: Record<string, unknown>): Record<string, unknown> {
  const { dataSource: _rows, pagination, ...rest } = props;
  if (!pagination || typeof pagination !== 'object') return { ...rest, pagination };
  const { current: _c, pageSize: _s, total: _t, ...pager } = pagination as Record<string, unknown>;
  return { ...rest, pagination: pager };
}

function ListScreenBody({ resource }: { resource: Resource }) {
  const list = useListController(resource);
  const counts = useCounts(resource, list.state.filters, list.version);
  const gate = useActionGate(resource);
  const runner = useActionRunner(resource, list.refetch, () => list.setSelectedKeys([]));
  const settings = useColumnSettings(resource, hiddenByDefault(resource));
  const { app, user, locale, optionReaders } = useRuntime();
  const { message } = App.useApp();
  const t = useT();
  const formRef = useRef<ProFormInstance>(undefined);
  const actionRef = useRef<ActionType>(undefined);
  const view = resource.list!;
  // the cells' own components, loading as the list first renders (drawn ahead or not): before the rows come
  useMemo(() => void preloadCellSlots(resource), [resource]);
  // a filter whose options the user's roles cannot read (a 403 behind an empty dropdown) is left out
  const readable = useMemo(() => optionsReadable(app, optionReaders ?? {}, user?.roles ?? []), [app, optionReaders, user?.roles]);
  // every field of the search form unset: what a cleared form is set to
  const blankSearch = useMemo(
    () => Object.fromEntries(searchFormFields(resource, readable).map((n) => [n, undefined])) as Record<string, unknown>,
    [resource, readable],
  );

  // The search form follows the URL (back/forward, links), not only the other way round.
  const formValues = useMemo(() => filtersToFormValues(app, resource, list.state.filters), [app, resource, list.state.filters]);
  // A search just submitted from the form already holds these values: resetting it would redraw every
  // control once more. Skipped once, for that submission only (back/forward always set the form).
  const submitted = useRef<string | null>(null);
  // the values last put in the form: a kept-alive page shown again re-runs this effect with the same ones
  const applied = useRef(formValues);
  useEffect(() => {
    if (applied.current === formValues) return;
    applied.current = formValues;
    const form = formRef.current;
    const own = submitted.current === filtersKey(list.state.filters);
    submitted.current = null;
    if (!form || own) return;
    // every search field set, unset ones cleared (resetFields would go back to the values at mount)
    form.setFieldsValue({ ...blankSearch, ...formValues });
  }, [formValues]); // follows the URL's filters only
  const initialFormValues = useRef(formValues).current;

  useEffect(() => {
    if (list.error) message.error(list.error.message);
  }, [list.error, message]);

  const hasRowActions = (view.rowActions ?? []).some((n) => gate.allowed(n));
  const allowedRowActions = (view.rowActions ?? []).filter((n) => gate.allowed(n));
  const everyRow = allowedRowActions.findIndex((n) => gate.action(n).when);
  const opWidth = operationColumnWidth(
    allowedRowActions.map((n) => t(gate.action(n).title)),
    t('renderer.more'),
    everyRow < 0 ? allowedRowActions.length : everyRow,
    t('renderer.operation'),
  );
  // widths from the field types and the translated titles (src/engine/column-width.ts); phone-sized
  // screens put the key columns first and fix none
  const { token, hashId } = theme.useToken();
  const checkboxCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox');
  // the rows' checkboxes, kept per row position while what they show is the same (row-checkbox.tsx)
  const checkboxes = useMemo(() => rowCheckboxes({ prefixCls: checkboxCls, hashId }), [checkboxCls, hashId]);
  const narrow = useNarrow(token.screenSM);
  const padding = settings.density === 'large' ? 16 : 8;
  const measure = useMemo(() => textMeasure(token.fontFamily), [token.fontFamily]);
  const widths = useMemo(() => listColumnWidths(app, resource, t, { measure, locale, padding, narrow }), [app, resource, t, measure, locale, padding, narrow]);
  // the other lists of the menu measure their titles now, while the browser is idle, not in a menu click
  useWarmMenuLists(resource, t, measure, locale);
  const scrollX = Object.values(widths).reduce((a, b) => a + b, 0) + (hasRowActions ? opWidth : 0) + (gate.bulkActions().length ? 32 : 0);
  // around the ProTable: where the tabs' line and the table's width are measured
  const box = useRef<HTMLDivElement>(null);
  // columns that fit side by side need no sideways scrolling and nothing fixed (use-table-fits.ts)
  const fits = useTableFits(box, scrollX);
  // what the cells read from around them (fields/cell-env.tsx), once for all of them: cells are plain calls
  const runtime = useRuntime();
  const tags = useContext(StaticTagContext);
  // the table's one tooltip for its cut texts (fields/ellipsis-tip.tsx): hovering one renders the host only
  const tipHandle = useRef<ShowTip>(null);
  const tip = useCallback<ShowTip>((el, text) => tipHandle.current?.(el, text), []);
  const env = useMemo(() => ({ t, runtime, tags, tip }), [t, runtime, tags, tip]);
  // the table's one "更多" menu (RowActions.tsx): a click on a row's link renders the host only
  const moreHandle = useRef<ShowMore>(null);
  const more = useCallback<ShowMore>((el, names, r) => moreHandle.current?.(el, names, r), []);
  const columns = useMemo(
    () =>
      tableColumns(
        resource,
        env,
        hasRowActions ? (r: Row) => rowActions({ gate, record: r, onRun: runner.run, onPress: runner.press, more }, env.t) : undefined,
        opWidth,
        widths,
        { narrow, fixed: !narrow && !fits },
        readable,
      ),
    [resource, env, hasRowActions, gate, runner.run, runner.press, more, opWidth, widths, narrow, fits, readable],
  );
  // Each cell as the schema draws it, handed to the table directly: ProTable wraps a column's render in
  // its own (an editable check and a default ProField rendering of the value, three copies of the row
  // made per cell), whose result it throws away when the column has a render of its own, as ours all do.
  const cellRenders = useMemo(() => directCellRenders(columns), [columns]);

  const tabs = view.tabs;
  // The active tab, page and sort are those of the rows on screen: they change with the rows, in one render.
  const shown = list.shownState;
  const tabList = useMemo(() => listTabs(app, resource, t, shown.tab, counts.counts), [app, resource, t, shown.tab, counts.counts]);
  const tabItems = tabList.items;
  const tabsOwnLine = useTabsOwnLine(
    box,
    tabItems.map((i) => i.label),
    token.fontFamily,
  );

  // Without an "all" tab the first tab is the default: put it in the URL so the query filters by it
  // (once the page shows: a page drawn ahead has no URL of its own yet).
  const firstTab = tabs?.all === false ? tabItems[0]?.key : undefined;
  const drawnAhead = useDrawnAhead();
  useEffect(() => {
    if (firstTab && !drawnAhead && !list.state.tab) list.setTab(firstTab, { replace: true });
  }, [firstTab, drawnAhead, list.state.tab, list.setTab]);

  // the table's props at ProTable's latest render: StableTable's functions call these
  const latestTable = useRef<Record<string, unknown>>(undefined);

  // Handlers read the latest controller through a ref, so the table element below depends on what it shows only.
  const live = useRef({ list, settings, runner });
  live.current = { list, settings, runner };

  // The column settings are the console's panel (ColumnSettings.tsx) on ProTable's column state, held
  // here and stored per user and list: a change redraws the table and the panel's line, once.
  const columnsState = useMemo(() => ({ value: settings.columns }), [settings.columns]);
  const settingsColumns = useMemo(
    () =>
      columns.flatMap((c) =>
        c.hideInTable || c.hideInSetting
          ? []
          : [{ key: String(c.key), title: String(c.title ?? ''), fixed: c.fixed === 'left' || c.fixed === 'right' ? c.fixed : undefined }],
      ),
    [columns],
  );

  const toolbar = useMemo(
    () =>
      (view.toolbar ?? []).flatMap((item, i) => {
        if ('action' in item) {
          if (!gate.allowed(item.action)) return [];
          const a = gate.action(item.action);
          return [
            <Button
              key={`a${i}`}
              type={a.primary ? 'primary' : 'default'}
              danger={!!a.danger}
              icon={actionIcon(a.icon ?? (a.primary ? 'PlusOutlined' : undefined))}
              onClick={() => live.current.runner.run(item.action)}
            >
              {t(a.title)}
            </Button>,
          ];
        }
        if ('switch' in item) {
          if (!allowsRoles(item.roles, user?.roles ?? []) || !allowsRoles(requireBinding(resource, item.get).roles, user?.roles ?? [])) return [];
          return [<ToolbarSwitch key={`s${i}`} resource={resource} item={item} title={item.title} />];
        }
        const binding = requireBinding(resource, item.export);
        if (!allowsRoles(item.roles, user?.roles ?? []) || !allowsRoles(binding.roles, user?.roles ?? [])) return [];
        // Exactly the export binding's inputs: the filters and tab shown at the click, not the page.
        const names = resolveBindingInput(resource, binding)
          .map((p) => p.name)
          .filter((n) => n !== 'current' && n !== 'pageSize');
        const input = () => pick(live.current.list.shownQuery, names);
        // The columns the user sees at the click, in the list's order (column settings may hide some).
        const visible = () =>
          normalizeColumns(resource.list!.columns)
            .map((c) => c.field)
            .filter((f) => live.current.settings.columns[f]?.show !== false);
        return [<ExportButton key={`e${i}`} binding={binding} input={input} title={item.title} columns={visible} />];
      }),
    [view.toolbar, gate, resource, user, t],
  );

  // The search form's settings, the same objects from render to render: ProTable's search form
  // compares them before drawing again, so new rows or a new page leave it alone.
  const hasSearch = columns.some((c) => !c.hideInSearch);
  // folded, the search form draws no control for the fields it hides (search-fold.tsx)
  const [folded, setFolded] = useState(true);
  // The search form's values (as ProForm hands them to onSubmit) become the list's filters; the form
  // already shows them, so the URL-following effect above leaves it alone this once.
  // A click on Search or Reset with the filters unchanged asks again (page 1): the user wants fresh
  // rows, and a request is also how an expired session is noticed. ProForm's own submit (Enter, and
  // once as the form mounts) leaves an unchanged search alone.
  const searchWith = useMemo(
    () =>
      (values: Record<string, unknown>, clicked = false) => {
        const filters = formValuesToFilters(resource, values);
        const list = live.current.list;
        submitted.current = filtersKey(filters);
        if (clicked && filtersKey(filters) === filtersKey(list.state.filters)) {
          if (list.state.current === 1) list.refetch();
          else list.setPage(1);
        } else list.setFilters(filters);
      },
    [resource],
  );
  // Search reads the form's values validated and formatted (what ProForm's submit would hand on) and
  // searches with them: ProForm's submit set its loading flag and ProTable its own search and page
  // state, each drawing the whole form and table frame again inside the click. Enter in a field still
  // submits through ProForm (onSubmit below).
  const runSearch = useMemo(
    () => async () => {
      const form = formRef.current;
      if (!form) return;
      let values: Record<string, unknown>;
      try {
        values = ((await form.validateFieldsReturnFormatValue?.()) ?? {}) as Record<string, unknown>;
      } catch {
        return; // the form shows what is wrong
      }
      searchWith(values, true);
    },
    [searchWith],
  );
  // Reset empties every search field in place. ProForm's own reset button calls resetFields, which
  // (1) goes back to the values the form was mounted with — a list opened from a link with a filter
  // kept showing that filter in the form after reset while the list showed everything — and (2)
  // mounts every control again (rc-field-form re-keys each field on reset): ~40 ms of the click's
  // task in its profile, before the click's frame could paint.
  const resetSearch = useMemo(
    () => () => {
      formRef.current?.setFieldsValue(blankSearch);
      searchWith({}, true);
    },
    [blankSearch, searchWith],
  );
  // the search and reset buttons' rows are asked for as they are pressed (ListController.pressFilters),
  // from the values their click searches with (searchWith): the form's as they stand, unvalidated (a
  // form the click finds wrong searches nothing), or none for reset
  const pressWith = useCallback(
    (e: ReactPointerEvent, values: Record<string, unknown> | undefined) => {
      if (e.button === 0 && values) live.current.list.pressFilters(formValuesToFilters(resource, values));
    },
    [resource],
  );
  const pressSearch = useCallback(
    (e: ReactPointerEvent) => pressWith(e, formRef.current?.getFieldsFormatValue?.() as Record<string, unknown> | undefined),
    [pressWith],
  );
  const pressReset = useCallback((e: ReactPointerEvent) => pressWith(e, {}), [pressWith]);
  const searchConfig = useMemo(
    () =>
      hasSearch
        ? {
            labelWidth: 'auto' as const,
            searchText: t('renderer.search'),
            resetText: t('renderer.reset'),
            collapsed: folded,
            onCollapse: setFolded,
            collapseRender: (collapsed?: boolean) => t(collapsed ? 'renderer.expand' : 'renderer.collapse'),
            // [reset, search] as ProForm draws them (the search button's loading state kept), acting as ours
            optionRender: (_config: unknown, _form: unknown, dom: ReactNode[]) => [
              <Button key="rest" onClick={resetSearch} onPointerDown={pressReset}>
                {t('renderer.reset')}
              </Button>,
              ...dom
                .slice(1)
                .map((d) =>
                  isValidElement<{ onClick?: unknown; onPointerDown?: unknown }>(d)
                    ? cloneElement(d, { onClick: () => void runSearch(), onPointerDown: pressSearch })
                    : d,
                ),
            ],
          }
        : (false as const),
    [hasSearch, t, folded, resetSearch, runSearch, pressReset, pressSearch],
  );
  const formConfig = useMemo(() => ({ initialValues: initialFormValues }), [initialFormValues]);

  // The toolbar's settings, the same objects while what they show is the same: ProTable's toolbar
  // compares them (deeply, functions by identity) before drawing again, so a new page, new rows or a
  // loading flag leave the tabs, buttons and icons alone (~100 components of a page click's render).
  // the tab chosen already asks nothing and keeps its page (ListController.setTab)
  const onTab = useCallback((key?: Key) => live.current.list.setTab(key === ALL_TAB ? undefined : String(key)), []);
  const toolbarConfig = useMemo((): ListToolBarProps | undefined => {
    if (!tabs) return undefined;
    // a tab's rows are asked for as the pointer rests on it or presses it (engine/rest.ts,
    // ListController.pressTab)
    const items = tabItems.map((i) => {
      const tab = i.key === ALL_TAB ? undefined : i.key;
      return {
        key: i.key,
        label: (
          <span
            onMouseDown={tabMouseDown}
            {...askAhead(() => live.current.list.pressTab(tab))}
            // the click goes to the list directly: through rc-tabs it also set the tab bar's own active
            // key (Tabs' and ProTable's HeaderMenu's, both overridden by ours, `activeKey`), a render of
            // the whole bar (~55 components) in the click that showed nothing new (the tab shows with
            // its rows). The keyboard, and a click beside the label, still go through rc-tabs. A/B in one
            // run, 6 and 8 × each: status tab Event Timing median 40 → 32 ms (its rows, within noise).
            onClick={(e: ReactMouseEvent) => {
              e.stopPropagation();
              onTab(i.key);
            }}
          >
            {i.label}
          </span>
        ),
      };
    });
    return tabsOwnLine
      ? // their own line (use-tabs-line.ts): every tab shows, none behind "…"
        { multipleLine: true, tabs: { activeKey: tabList.active, items: items.map((i) => ({ key: i.key, tab: i.label })), onChange: onTab } }
      : { menu: { type: 'tab', activeKey: tabList.active, items, onChange: onTab } };
  }, [tabs, tabsOwnLine, tabList.active, tabItems, onTab]);
  // A pager item's rows are asked for as the pointer rests on it or presses it (engine/rest.ts,
  // ListController.pressPage), and its click goes to the list directly: through
  // rc-pagination's item (the <li> around this element) it also set the
  // pager's own page state, whose render drew the pager again (~30 components) inside the click, though
  // the page shown is ours (the rows'). The keyboard still goes through rc-pagination. Jumps of five
  // pages are left to it too. A/B in one run, 6 × 3 clicks each: page 2 click → rows median 56 → 48 ms,
  // Event Timing 40 → 32.
  const pagerItem = useCallback((page: number, type: string, element: ReactNode) => {
    if (
      (type !== 'page' && type !== 'prev' && type !== 'next') ||
      page < 1 ||
      !isValidElement<{ onPointerEnter?: unknown; onPointerLeave?: unknown; onPointerDown?: unknown; onClick?: unknown }>(element)
    )
      return element;
    return cloneElement(element, {
      ...askAhead(() => live.current.list.pressPage(page)),
      onClick: (e: ReactMouseEvent) => {
        e.stopPropagation();
        const { list } = live.current;
        if (page !== list.state.current) list.setPage(page);
      },
    });
  }, []);
  // A page size's rows are asked for as the pointer rests on its option or presses it (engine/rest.ts;
  // ListController.pressPage with the size, as the pager's change will call setPage). Its request left
  // only with the click, after the press and the release had reached the page (the select acts on the
  // click): 5–24 ms after the press in a web bench run, 4–6 in traces after it. The keyboard still
  // goes as it did.
  const sizeChanger = useMemo(
    () => ({
      optionRender: (o: { value?: unknown; label?: ReactNode }) => (
        <span {...askAhead(() => live.current.list.pressPage(live.current.list.state.current, Number(o.value)))}>{o.label}</span>
      ),
    }),
    [],
  );
  const tableOptions = useMemo(() => ({ reload: () => live.current.list.refetch(), density: true, setting: false, fullScreen: false }), []);
  // The toolbar compares this function but not optionsRender: it is new whenever the column settings'
  // panel (drawn by optionsRender) shows something else, so that the toolbar draws it again.
  const toolbarRender = useCallback(() => toolbar, [toolbar, settingsColumns, settings.columns, settings.defaults]);

  const bulk = useMemo(() => gate.bulkActions(), [gate]);
  const pageSizes = [10, 20, 50, 100];
  const extraSize = view.pageSize && !pageSizes.includes(view.pageSize) ? [view.pageSize] : [];
  // One element for the table, rebuilt only when what it shows changes: a click that changes the URL
  // re-renders this screen, and ProTable re-rendered every cell with the old rows before (profile: most
  // of the ~0.5 s before a page-2 request). The new rows, page and tab arrive together in one render.
  const table: ReactNode = useMemo(
    () => (
      <ProTable<Row>
        rowKey={list.rowKey}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        // the rows and their page reach the table past ProTable (TableRows below)
        dataSource={NO_ROWS}
        loading={list.loading}
        // before the first answer: neither rows nor "no data" (the spinner comes if the answer is slow)
        locale={list.waiting ? WAITING : undefined}
        scroll={fits ? undefined : { x: scrollX }}
        tableLayout="fixed"
        size={settings.density}
        onSizeChange={(s) => live.current.settings.setDensity(s ?? 'middle')}
        columnsState={columnsState}
        options={tableOptions}
        optionsRender={(_p, dom) => [
          ...dom,
          <ColumnSettings
            key="setting"
            columns={settingsColumns}
            value={settings.columns}
            defaults={settings.defaults}
            onChange={(v) => live.current.settings.setColumns(v)}
          />,
        ]}
        form={formConfig}
        search={searchConfig}
        onSubmit={(values) => searchWith(values as Record<string, unknown>)}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
          const st = live.current.list.state;
          if (field !== st.sortField || (s?.order ?? undefined) !== st.sortOrder) live.current.list.setSort(field, s?.order ?? undefined);
        }}
        pagination={{
          // not antd's `responsive` (smaller on phones): unset, it still followed the breakpoints, and its
          // layout effect drew the pager again in the commit that mounted it (the pager's ~22 components
          // once more before the frame of a list's first rows: render log of a menu click to /staff)
          responsive: false,
          showSizeChanger: sizeChanger,
          pageSizeOptions: [...pageSizes, ...extraSize].sort((a, b) => a - b),
          itemRender: pagerItem,
          showTotal: (total) => t(list.totalExact ? 'renderer.total' : 'renderer.totalApprox', { total }),
          // the pager's changes go to TableRows' onPageChange, not through ProTable's page state
        }}
        rowSelection={
          bulk.length
            ? {
                selectedRowKeys: list.selectedKeys,
                onChange: (keys) => live.current.list.setSelectedKeys(keys.map(String)),
                // each row's checkbox as plain elements (row-checkbox.tsx), antd's selection logic kept
                renderCell: (_checked, _record, index, node) => checkboxes(index, node),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys }) => t('renderer.selected', { count: selectedRowKeys.length })}
        tableAlertOptionRender={() => (
          <Space size={16}>
            {bulk.map((n) => (
              <a
                key={n}
                onClick={() => live.current.runner.runBulk(n, live.current.list.selectedRows)}
                style={{ color: gate.action(n).danger ? '#ff4d4f' : undefined }}
              >
                {t(gate.action(n).title)}
              </a>
            ))}
            <a onClick={() => live.current.list.setSelectedKeys([])}>{t('renderer.clearSelection')}</a>
          </Space>
        )}
        toolbar={toolbarConfig}
        toolBarRender={toolbarRender}
        // ProTable's own renders (its loading flag, its page state) no longer draw every row again
        tableViewRender={(p) => {
          const props = withDirectCells(p as Record<string, unknown>, cellRenders);
          latestTable.current = props;
          return (
            <StableTable latest={latestTable} props={withoutRows(props)} rowKey={list.rowKey} watch={[columns, t, list.totalExact, checkboxCls, hashId]} />
          );
        }}
        dateFormatter="string"
        // the rows are ours (useListController), not ProTable's `request`: its search form need not submit
        // itself as it mounts (that set ProTable's own search state and drew it all again after the mount)
        manualRequest
        cardBordered
      />
    ),
    [
      columns,
      list.loading,
      list.waiting,
      list.totalExact,
      list.selectedKeys,
      list.rowKey,
      settings.density,
      columnsState,
      settingsColumns,
      settings.defaults,
      toolbarConfig,
      toolbarRender,
      tableOptions,
      bulk,
      gate,
      t,
      resource,
      scrollX,
      fits,
      extraSize.join(),
      searchConfig,
      formConfig,
      cellRenders,
      checkboxes,
      pagerItem,
    ],
  );

  // the rows on screen and their page: a new answer draws the table and its pager, not ProTable
  const onPageChange = useCallback((current: number, pageSize: number) => live.current.list.setPage(current, pageSize), []);
  const shownRows = useMemo<ShownRows>(
    () => ({
      dataSource: list.rows,
      current: shown.current,
      pageSize: shown.pageSize,
      total: list.total,
      onPageChange,
      sort: { field: shown.sortField, order: shown.sortOrder },
    }),
    [list.rows, shown.current, shown.pageSize, list.total, onPageChange, shown.sortField, shown.sortOrder],
  );

  return (
    <>
      {view.banner && (
        <ListBanner
          name={view.banner}
          resource={resource}
          rows={list.rows}
          rowsAskedAt={list.rowsAskedAt}
          rowsAnsweredAt={list.rowsAnsweredAt}
          show={() => (shown.current === 1 ? list.refetch() : list.setPage(1))}
        />
      )}
      <SearchFoldContext.Provider value={folded}>
        <TableRows.Provider value={shownRows}>
          <div ref={box}>{table}</div>
        </TableRows.Provider>
      </SearchFoldContext.Provider>
      {runner.element}
      <EllipsisTipHost show={tipHandle} />
      {hasRowActions && <RowMenuHost show={moreHandle} gate={gate} onRun={runner.run} />}
    </>
  );
}
