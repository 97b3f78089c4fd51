/**
 * ProTable columns from the schema: table columns from list.columns (cells from the field-type
 * registry), search-only columns for the search form (controls from the registry), and the
 * operation column.
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import type { AnyField, Resource } from '../../schema';
import { fieldOf, keyColumns, normalizeColumns, searchFormFields, type Row } from '../../engine';
import { fieldTypes, type CellEnv } from '../fields';
import { fieldCell } from './field-cell';
import { FoldedAway } from './search-fold';

/** The key of the row actions' column. */
export const ROW_ACTIONS_KEY = '$operation';

/**
 * A sortable column's `sorter`: sorted by the server (antd sorts nothing itself without a `compare`),
 * its header's order given by the list (StableTable `TableRows` sort, from the rows' own state). Not
 * `true`: with any `sorter: true` column, ProTable keeps a sort state of its own, set as it mounts and
 * at every header click (a render of ProTable in the click), and gives the headers that state's order,
 * which never followed the URL (a sorted list reloaded or opened from a link showed no order in its
 * header, and its first click asked for the order already shown).
 */
const SERVER_SORTED = Object.freeze({});

/**
 * `env`: what the cells read from around them (useCellEnv, once for the list). `widths`: from listColumnWidths (field type + translated title). `layout.narrow`: a phone-sized
 * screen — the key columns come first, so the rest scroll in from the right. `layout.fixed`: whether
 * the columns the schema fixes (and the operation column) stay in place: only when the table scrolls
 * sideways on a screen wider than a phone's. `readable`:
 * whether the user may read a search field's options (optionsReadable); a filter it may not is left out.
 */
export function tableColumns(
  resource: Resource,
  env: CellEnv,
  operation: ((record: Row) => ReactNode) | undefined,
  operationWidth: number,
  widths: Record<string, number>,
  layout: { narrow?: boolean; fixed?: boolean } = { fixed: true },
  readable?: (field: AnyField) => boolean,
): ProColumns<Row>[] {
  const { t } = env;
  const keys = keyColumns(resource);
  const all = normalizeColumns(resource.list?.columns ?? []);
  const narrow = !!layout.narrow;
  const ordered = narrow ? [...all.filter((c) => keys.includes(c.field)), ...all.filter((c) => !keys.includes(c.field))] : all;
  const cols: ProColumns<Row>[] = ordered.map((c) => {
    const field = fieldOf(resource, c.field);
    return {
      key: c.field,
      dataIndex: c.field,
      title: t(c.title ?? field.title),
      width: widths[c.field],
      fixed: layout.fixed ? c.fixed : undefined,
      hideInSearch: true,
      sorter: field.sortable ? SERVER_SORTED : undefined,
      render: (_: ReactNode, record: Row) => fieldCell({ resource, record, name: c.field, render: c.render, also: c.also }, env),
    };
  });
  const names = searchFormFields(resource, readable);
  names.forEach((name, i) => {
    const field = fieldOf(resource, name);
    const { SearchControl } = fieldTypes[field.type];
    // The form field's name: ProForm takes item.name before the key (the key must differ from the table column's).
    const searchColumn = {
      name,
      key: `search:${name}`,
      dataIndex: name,
      title: t(field.title),
      hideInTable: true,
      hideInSetting: true,
      order: names.length - i,
      renderFormItem: () => (
        <FoldedAway index={i}>
          <SearchControl name={name} field={field} resource={resource} mode="search" />
        </FoldedAway>
      ),
    };
    cols.push(searchColumn as ProColumns<Row>);
  });
  if (operation) {
    cols.push({
      // not a field name (those start with a letter): a field called "operation" keeps its own cells
      key: ROW_ACTIONS_KEY,
      title: t('renderer.operation'),
      valueType: 'option',
      fixed: layout.fixed ? 'right' : undefined,
      width: operationWidth,
      hideInSearch: true,
      render: (_: ReactNode, record: Row) => operation(record),
    });
  }
  return cols;
}
