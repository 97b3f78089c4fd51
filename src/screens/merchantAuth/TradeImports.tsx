/**
 * Detail section "tradeImports" of a shop: its history trade imports (section.api →
 * /merchantAuth/imports) with their counts. A slot because a detail view cannot hold a nested list.
 */
import { Table, Tag, Tooltip, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Field } from '../../schema';
import { fieldColumnWidths, formatDate, formatDateTime, textMeasure, titleInTwoLinesWidth, useRuntime } from '../../engine';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { MerchantAuthImportRun } from '../../generated/types';

/** a row of /merchantAuth/imports: the schema's result shape "importRun" */
type ImportRow = MerchantAuthImportRun;

const STATUS_COLOR: Record<string, string> = { running: 'processing', done: 'success', failed: 'error' };

/**
 * Each column's title and the field type its cells draw (the shape "importRun": counts are integers,
 * the status the enum's tags, the range two dates, the problems an ellipsis): the widths follow from
 * these as a list's do (engine/column-width.ts), never from numbers of this screen.
 */
const COLUMNS: Record<string, Field> = {
  createdAt: { type: 'datetime', title: 'merchantAuth.importCreatedAt' },
  range: { type: 'dateRange', title: 'merchantAuth.importRange' },
  status: { type: 'enum', enum: 'tradeImportStatus', title: 'merchantAuth.importStatus' },
  fetched: { type: 'integer', title: 'merchantAuth.importFetched' },
  imported: { type: 'integer', title: 'merchantAuth.importImported' },
  skipped: { type: 'integer', title: 'merchantAuth.importSkipped' },
  unmatched: { type: 'integer', title: 'merchantAuth.importUnmatched' },
  operator: { type: 'string', title: 'merchantAuth.importOperator' },
  error: { type: 'string', ellipsis: true, title: 'merchantAuth.importError' },
};
/** antd's small table: 8 px of padding each side of a cell */
const PADDING = 8;

export default function TradeImports({ resource, record, binding }: SlotProps) {
  const t = useT();
  const { call, locale, app } = useRuntime();
  const { token } = theme.useToken();
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const id = String(record.id ?? '');

  useEffect(() => {
    if (!binding || !id) return;
    let live = true;
    setLoading(true);
    call<ImportRow[]>(binding, { id })
      .then((r) => live && setRows(r))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [binding, call, id]);

  // each column as wide as its field type's content and its translated title on at most two lines
  const widths = useMemo(() => {
    const ctx = { measure: textMeasure(token.fontFamily), locale, padding: PADDING };
    const widths = fieldColumnWidths(app, resource, COLUMNS, t, ctx);
    for (const key of Object.keys(widths)) widths[key] = Math.max(widths[key], titleInTwoLinesWidth(t(COLUMNS[key].title), ctx));
    return widths;
  }, [app, resource, t, locale, token.fontFamily]);
  const width = (key: string) => ({ title: t(COLUMNS[key].title), width: widths[key] });

  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  // The range ends at the exclusive midnight after the last day (or at the import time for today).
  const lastDay = (end: string) => formatDate(new Date(new Date(end).getTime() - 1).toISOString(), locale);
  return (
    <Table<ImportRow>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: t('merchantAuth.importsEmpty') }}
      tableLayout="fixed"
      // as wide as the columns need: narrower than that (a phone) the table scrolls sideways, wider it spreads them
      scroll={{ x: Object.values(widths).reduce((a, b) => a + b, 0) }}
      columns={[
        { ...width('createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, locale) },
        { ...width('range'), key: 'range', render: (_: unknown, r) => `${formatDate(r.startTime, locale)} ~ ${lastDay(r.endTime)}` },
        {
          ...width('status'),
          dataIndex: 'status',
          render: (v: ImportRow['status']) => <Tag color={STATUS_COLOR[v]}>{t(`enum.tradeImportStatus.${v}`)}</Tag>,
        },
        { ...width('fetched'), dataIndex: 'fetched', align: 'right' },
        { ...width('imported'), dataIndex: 'imported', align: 'right' },
        { ...width('skipped'), dataIndex: 'skipped', align: 'right' },
        { ...width('unmatched'), dataIndex: 'unmatched', align: 'right' },
        { ...width('operator'), dataIndex: 'operator', render: (v: string | null) => v ?? '-' },
        {
          ...width('error'),
          dataIndex: 'error',
          render: (v: string | null) =>
            v ? (
              <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{v}</span>}>
                <Typography.Text type="danger" ellipsis>
                  {v}
                </Typography.Text>
              </Tooltip>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
}
