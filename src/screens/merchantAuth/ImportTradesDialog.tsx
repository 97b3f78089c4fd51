/**
 * Action render "importTrades" (shop row 导入历史订单): a date range (default the last 30 days, at
 * most 90, not after today), then the import with a running state, then its result — trades fetched,
 * orders created, already-imported trades skipped, trades without a synced product, failures with
 * their reasons. A slot because a form action can only show a one-line message, not the summary.
 * The action is the one whose "render" is "importTrades"; it names the form whose api is called.
 */
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Form, List, Modal, Result, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useRuntime } from '../../engine';
import { fieldTypes } from '../../renderer/fields';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { MerchantAuthTradeImport } from '../../generated/types';

export const IMPORT_RENDER = 'importTrades';
export const MAX_DAYS = 90;

/** what /merchantAuth/importTrades answers: the schema's result shape "tradeImport" */
type ImportSummary = MerchantAuthTradeImport;

/** The error key for a range, or null when it can be sent (the server checks the same rules). */
export function rangeProblem(range: unknown, today = dayjs().format('YYYY-MM-DD')): string | null {
  if (!Array.isArray(range) || !range[0] || !range[1]) return 'merchantAuth.importRangeRequired';
  const [a, b] = range as [string, string];
  if (a > b) return 'merchantAuth.importRangeOrder';
  if (b > today) return 'merchantAuth.importRangeFuture';
  if (dayjs(b).diff(dayjs(a), 'day') + 1 > MAX_DAYS) return 'merchantAuth.importRangeTooLong';
  return null;
}

export default function ImportTradesDialog({ resource, record, open, onClose }: SlotProps) {
  const t = useT();
  const { call } = useRuntime();
  const action = Object.values(resource.actions ?? {}).find((a) => a.render === IMPORT_RENDER);
  const form = action?.form ? resource.forms?.[action.form] : undefined;
  const binding = form ? resource.api?.[form.api] : undefined;
  const field = resource.fields?.importRange;
  const [range, setRange] = useState<unknown>([dayjs().subtract(29, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const [phase, setPhase] = useState<'form' | 'running' | 'done'>('form');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = rangeProblem(range);

  const start = async () => {
    if (!binding || problem) return;
    setPhase('running');
    setError(null);
    try {
      setSummary(await call<ImportSummary>(binding, { id: record.id, importRange: range }));
      setPhase('done');
    } catch (e) {
      // A failure half-way still reports what was imported (the error's data).
      const data = (e as { data?: unknown }).data as ImportSummary | undefined;
      setError((e as Error).message);
      if (data && typeof data === 'object' && 'fetched' in data) {
        setSummary(data);
        setPhase('done');
      } else setPhase('form');
    }
  };

  const close = () => {
    if (phase !== 'running') onClose?.(phase === 'done');
  };
  const RangeControl = field ? fieldTypes[field.type].FormControl : null;

  return (
    <Modal
      open={open !== false}
      title={t(form?.title ?? 'merchantAuth.importTitle')}
      width={560}
      maskClosable={false}
      closable={phase !== 'running'}
      onCancel={close}
      footer={
        phase === 'form'
          ? [
              <Button key="cancel" onClick={close}>
                {t('merchantAuth.close')}
              </Button>,
              <Button key="start" type="primary" icon={<CloudDownloadOutlined />} disabled={!!problem} onClick={start}>
                {t('merchantAuth.importStart')}
              </Button>,
            ]
          : phase === 'running'
            ? null
            : [
                <Button key="close" type="primary" onClick={close}>
                  {t('merchantAuth.close')}
                </Button>,
              ]
      }
    >
      {phase === 'form' && (
        <Form layout="vertical">
          <Form.Item label={t('merchantAuth.name')}>
            <Typography.Text strong>{String(record.name ?? '')}</Typography.Text>
          </Form.Item>
          <Form.Item
            label={t('merchantAuth.importRange')}
            required
            extra={t('merchantAuth.importRangeHelp')}
            validateStatus={problem ? 'error' : undefined}
            help={problem ? t(problem, { max: MAX_DAYS }) : undefined}
          >
            {RangeControl && field && (
              <RangeControl id="importRange" name="importRange" field={field} resource={resource} value={range} mode="form" onChange={setRange} />
            )}
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} />}
        </Form>
      )}
      {phase === 'running' && (
        <div style={{ textAlign: 'center', padding: '24px 0' }} data-testid="import-running">
          <Spin size="large" />
          <p style={{ marginTop: 16 }}>{t('merchantAuth.importRunning')}</p>
        </div>
      )}
      {phase === 'done' && summary && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="import-summary">
          <Result
            status={summary.status === 'done' && !summary.failed ? 'success' : 'warning'}
            title={t('merchantAuth.importSummaryTitle')}
            subTitle={error ?? undefined}
            style={{ padding: '8px 0' }}
          />
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('merchantAuth.importFetched')}>{summary.fetched}</Descriptions.Item>
            <Descriptions.Item label={t('merchantAuth.importImported')}>{summary.imported}</Descriptions.Item>
            <Descriptions.Item label={t('merchantAuth.importSkipped')}>{summary.skipped}</Descriptions.Item>
            <Descriptions.Item label={t('merchantAuth.importUnmatched')}>{summary.unmatched}</Descriptions.Item>
            <Descriptions.Item label={t('merchantAuth.importFailed')}>{summary.failed}</Descriptions.Item>
          </Descriptions>
          {!!summary.productsSynced && <Alert type="success" showIcon message={t('merchantAuth.importProductsSynced', { count: summary.productsSynced })} />}
          {summary.unmatched > 0 && <Alert type="info" showIcon message={t('merchantAuth.importUnmatchedHint')} />}
          {summary.failures.length > 0 && (
            <List
              size="small"
              dataSource={summary.failures}
              style={{ maxHeight: 200, overflow: 'auto' }}
              renderItem={(f) => (
                <List.Item>
                  <Typography.Text code>{f.tradeNo}</Typography.Text> {f.reason}
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
