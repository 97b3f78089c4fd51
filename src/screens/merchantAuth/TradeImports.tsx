/**
 * Detail section "tradeImports" of a shop: its history trade imports (section.api →
 * /merchantAuth/imports) with their counts. A slot because a detail view cannot hold a nested list.
 */
import { Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, useRuntime } from '../../engine';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { MerchantAuthImportRun } from '../../generated/types';

/** a row of /merchantAuth/imports: the schema's result shape "importRun" */
type ImportRow = MerchantAuthImportRun;

const STATUS_COLOR: Record<string, string> = { running: 'processing', done: 'success', failed: 'error' };

export default function TradeImports({ record, binding }: SlotProps) {
  const t = useT();
  const { call, locale } = useRuntime();
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
      columns={[
        { title: t('merchantAuth.importCreatedAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, locale) },
        { title: t('merchantAuth.importRange'), key: 'range', render: (_: unknown, r) => `${formatDate(r.startTime, locale)} ~ ${lastDay(r.endTime)}` },
        {
          title: t('merchantAuth.importStatus'),
          dataIndex: 'status',
          render: (v: ImportRow['status']) => <Tag color={STATUS_COLOR[v]}>{t(`enum.tradeImportStatus.${v}`)}</Tag>,
        },
        { title: t('merchantAuth.importFetched'), dataIndex: 'fetched', align: 'right' },
        { title: t('merchantAuth.importImported'), dataIndex: 'imported', align: 'right' },
        { title: t('merchantAuth.importSkipped'), dataIndex: 'skipped', align: 'right' },
        { title: t('merchantAuth.importUnmatched'), dataIndex: 'unmatched', align: 'right' },
        { title: t('merchantAuth.importOperator'), dataIndex: 'operator', render: (v: string | null) => v ?? '-' },
        {
          title: t('merchantAuth.importError'),
          dataIndex: 'error',
          render: (v: string | null) =>
            v ? (
              <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{v}</span>}>
                <Typography.Text type="danger" ellipsis style={{ maxWidth: 160 }}>
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
