/**
 * The list screen of a resource: ProTable with the search form, status tabs with counts, toolbar
 * (actions, switches, export, refresh, density and column settings), gated row actions, bulk actions
 * and pagination, all state in the URL through useListController.
 */
import { ProTable, type ActionType, type ProFormInstance } from '@ant-design/pro-components';
import { App, Button, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { Resource } from '../../schema';
import {
  filtersToFormValues, formValuesToFilters, requireBinding, useActionGate, useColumnSettings, useCounts,
  pick, useListController, useRuntime, endPrepaint, hiddenByDefault, normalizeColumns, operationColumnWidth, listTabs, ALL_TAB, type Row,
} from '../../engine';
import { useT } from '../i18n';
import { actionIcon } from '../icons';
import { useActionRunner } from '../actions/useActionRunner';
import { tableColumns } from './columns';
import { RowActions } from './RowActions';
import { ToolbarSwitch } from './ToolbarSwitch';
import { ExportButton } from './ExportButton';
import { allowsRoles, resolveBindingInput } from '../../schema';

export { ALL_TAB };

export function ListScreen({ resource }: { resource: Resource }) {
  const list = useListController(resource);
  const counts = useCounts(resource, list.state.filters, list.version);
  const gate = useActionGate(resource);
  const runner = useActionRunner(resource, list.refetch, () => list.setSelectedKeys([]));
  const settings = useColumnSettings(resource, hiddenByDefault(resource));
  const { app, user } = useRuntime();
  const { message } = App.useApp();
  const t = useT();
  const formRef = useRef<ProFormInstance>(undefined);
  const actionRef = useRef<ActionType>(undefined);
  const view = resource.list!;

  // The search form follows the URL (back/forward, links), not only the other way round.
  const formValues = useMemo(() => filtersToFormValues(app, resource, list.state.filters), [app, resource, list.state.filters]);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.resetFields();
    form.setFieldsValue(formValues);
  }, [formValues]);

  useEffect(() => {
    if (list.error) message.error(list.error.message);
  }, [list.error, message]);

  // The first page is on screen (or failed): the static prepaint of this list, if any, gives way.
  useEffect(() => {
    if (!list.loading) endPrepaint('list');
  }, [list.loading]);

  const hasRowActions = (view.rowActions ?? []).some((n) => gate.allowed(n));
  const opWidth = operationColumnWidth((view.rowActions ?? []).filter((n) => gate.allowed(n)).map((n) => t(gate.action(n).title)), t('renderer.more'));
  const columns = useMemo(
    () => tableColumns(resource, t, hasRowActions ? (r: Row) => <RowActions gate={gate} record={r} onRun={runner.run} /> : undefined, opWidth),
    [resource, t, hasRowActions, gate, runner.run, opWidth],
  );

  const tabs = view.tabs;
  const tabList = useMemo(() => listTabs(app, resource, t, list.state.tab, counts.counts), [app, resource, t, list.state.tab, counts.counts]);
  const tabItems = tabList.items;

  // Without an "all" tab the first tab is the default: put it in the URL so the query filters by it.
  const firstTab = tabs?.all === false ? tabItems[0]?.key : undefined;
  useEffect(() => {
    if (firstTab && !list.state.tab) list.setTab(firstTab, { replace: true });
  }, [firstTab, list.state.tab, list.setTab]);

  const toolbar = (view.toolbar ?? []).flatMap((item, i) => {
    if ('action' in item) {
      if (!gate.allowed(item.action)) return [];
      const a = gate.action(item.action);
      return [
        <Button key={`a${i}`} type={a.primary ? 'primary' : 'default'} danger={!!a.danger} icon={actionIcon(a.icon ?? (a.primary ? 'PlusOutlined' : undefined))} onClick={() => runner.run(item.action)}>
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
    // Exactly the export binding's inputs: the current filters and tab, not the page.
    const input = pick(list.query, resolveBindingInput(resource, binding).map((p) => p.name).filter((n) => n !== 'current' && n !== 'pageSize'));
    // The columns the user sees, in the list's order (column settings may hide some).
    const visible = normalizeColumns(resource.list!.columns).map((c) => c.field).filter((f) => settings.columns[f]?.show !== false);
    return [<ExportButton key={`e${i}`} binding={binding} input={input} title={item.title} columns={visible} />];
  });

  const bulk = gate.bulkActions();
  const pageSizes = [10, 20, 50, 100];
  const extraSize = view.pageSize && !pageSizes.includes(view.pageSize) ? [view.pageSize] : [];
  return (
    <>
      <ProTable<Row>
        rowKey={list.rowKey}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        scroll={{ x: view.scrollX ?? 'max-content' }}
        size={settings.density}
        onSizeChange={(s) => settings.setDensity(s ?? 'middle')}
        columnsState={{ value: settings.columns, onChange: settings.setColumns }}
        options={{ reload: () => list.refetch(), density: true, setting: { listsHeight: 400 }, fullScreen: false }}
        form={{ initialValues: formValues }}
        search={
          columns.some((c) => !c.hideInSearch)
            ? { labelWidth: 'auto', searchText: t('renderer.search'), resetText: t('renderer.reset'), collapseRender: (collapsed) => t(collapsed ? 'renderer.expand' : 'renderer.collapse') }
            : false
        }
        onSubmit={(values) => list.setFilters(formValuesToFilters(resource, values as Record<string, unknown>))}
        onReset={() => list.setFilters({})}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
          if (field !== list.state.sortField || (s?.order ?? undefined) !== list.state.sortOrder) list.setSort(field, s?.order ?? undefined);
        }}
        pagination={{
          current: list.state.current,
          pageSize: list.state.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: [...pageSizes, ...extraSize].sort((a, b) => a - b),
          showTotal: (total) => t(list.totalExact ? 'renderer.total' : 'renderer.totalApprox', { total }),
          onChange: (current, pageSize) => list.setPage(current, pageSize),
        }}
        rowSelection={bulk.length ? { selectedRowKeys: list.selectedKeys, onChange: (keys) => list.setSelectedKeys(keys.map(String)) } : false}
        tableAlertRender={({ selectedRowKeys }) => t('renderer.selected', { count: selectedRowKeys.length })}
        tableAlertOptionRender={() => (
          <Space size={16}>
            {bulk.map((n) => (
              <a key={n} onClick={() => runner.runBulk(n, list.selectedRows)} style={{ color: gate.action(n).danger ? '#ff4d4f' : undefined }}>
                {t(gate.action(n).title)}
              </a>
            ))}
            <a onClick={() => list.setSelectedKeys([])}>{t('renderer.clearSelection')}</a>
          </Space>
        )}
        toolbar={
          tabs
            ? {
                menu: {
                  type: 'tab',
                  activeKey: tabList.active,
                  items: tabItems,
                  onChange: (key) => list.setTab(key === ALL_TAB ? undefined : String(key)),
                },
              }
            : undefined
        }
        toolBarRender={() => toolbar}
        dateFormatter="string"
        cardBordered
      />
      {runner.element}
    </>
  );
}
