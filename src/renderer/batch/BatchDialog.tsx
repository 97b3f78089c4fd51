/**
 * The dialog of a batch action (lazy chunk, loaded when a bulk action is clicked): the selected rows
 * with what will happen to each, the action's form filled once (or a confirmation), then each row's
 * outcome as it settles — done, refused with the server's message, or not applicable and why — with
 * the counts, a retry of the refused rows, and the list refreshed on close when anything changed.
 */
import { Alert, Button, Form, Modal, Progress, Space, Table, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusCircleFilled } from '@ant-design/icons';
import { useEffect, type ReactNode } from 'react';
import type { Resource } from '../../schema';
import { batchFormName, fieldOf, normalizeColumns, useBatch, useFormController, type BatchRow, type BatchStatus } from '../../engine';
import { fieldTypes } from '../fields';
import { FormItems } from '../forms/FormItems';
import { useT } from '../i18n';

export interface BatchDialogProps {
  resource: Resource;
  /** the row action run on each row */
  action: string;
  rows: Record<string, unknown>[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const STATUS_TAG: Record<BatchStatus, { color: string; icon: ReactNode }> = {
  waiting: { color: 'default', icon: null },
  running: { color: 'processing', icon: <LoadingOutlined /> },
  done: { color: 'success', icon: <CheckCircleFilled /> },
  refused: { color: 'error', icon: <CloseCircleFilled /> },
  skipped: { color: 'warning', icon: <MinusCircleFilled /> },
};

export default function BatchDialog({ resource, action: name, rows, open, onClose }: BatchDialogProps) {
  const t = useT();
  const action = resource.actions![name];
  const formName = batchFormName(resource, name);
  const batch = useBatch(resource, name, rows);
  const { counts, phase } = batch;
  const [form] = Form.useForm();
  const { token } = theme.useToken();
  const title = t('renderer.batch.title', { action: t(action.title), count: rows.length });
  const changed = counts.done > 0;
  const settled = counts.done + counts.refused;
  // the bar: done in green, refused in the rest of the settled part
  const pct = (n: number) => (batch.eligible ? Math.round((n / batch.eligible) * 100) : 100);

  const start = async () => {
    let values: Record<string, unknown> | undefined;
    if (formName) {
      try {
        values = (await form.validateFields()) as Record<string, unknown>;
      } catch {
        return; // the form shows what is missing
      }
    }
    await batch.start(values);
  };

  const firstColumn = normalizeColumns(resource.list?.columns ?? [])[0]?.field;
  const columns = [
    {
      key: 'label',
      title: firstColumn ? t(fieldOf(resource, firstColumn).title) : t('renderer.batch.record'),
      width: 200,
      render: (_: unknown, r: BatchRow) => <Typography.Text strong>{r.label}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('renderer.batch.status'),
      width: 120,
      render: (_: unknown, r: BatchRow) => (
        <Tag color={STATUS_TAG[r.status].color} icon={STATUS_TAG[r.status].icon} data-batch-status={r.status}>
          {t(`renderer.batch.status.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: 'message',
      title: t('renderer.batch.reason'),
      render: (_: unknown, r: BatchRow) => <SkipReason resource={resource} row={r} />,
    },
  ];

  const footer =
    phase === 'ready' ? (
      <Space>
        <Button onClick={() => onClose(false)}>{t('renderer.cancel')}</Button>
        <Button type="primary" danger={!!action.danger} disabled={batch.eligible === 0} onClick={() => void start()}>
          {t('renderer.batch.run', { count: batch.eligible })}
        </Button>
      </Space>
    ) : (
      <Space>
        {counts.refused > 0 && (
          <Button disabled={phase === 'running'} onClick={() => void batch.retry()}>
            {t('renderer.batch.retry', { count: counts.refused })}
          </Button>
        )}
        <Button type="primary" disabled={phase === 'running'} onClick={() => onClose(changed)}>
          {t('renderer.close')}
        </Button>
      </Space>
    );

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      footer={footer}
      maskClosable={false}
      closable={phase !== 'running'}
      keyboard={phase !== 'running'}
      onCancel={() => onClose(changed)}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {phase === 'ready' ? (
          <Alert
            type={batch.eligible === 0 ? 'warning' : 'info'}
            showIcon
            message={t(batch.eligible === 0 ? 'renderer.batch.noneApplicable' : 'renderer.batch.plan', { count: batch.eligible, skipped: counts.skipped })}
            description={formName ? undefined : t('renderer.batch.confirm', { action: t(action.title), count: batch.eligible })}
          />
        ) : (
          <div>
            <Progress
              percent={pct(settled)}
              success={{ percent: pct(counts.done) }}
              status={phase === 'running' ? 'active' : 'normal'}
              strokeColor={counts.refused ? token.colorError : undefined}
            />
            <Typography.Text data-batch-summary>
              {t('renderer.batch.summary', { done: counts.done, refused: counts.refused, skipped: counts.skipped })}
            </Typography.Text>
          </div>
        )}
        {phase === 'ready' && formName && <BatchForm resource={resource} formName={formName} form={form} />}
        <Table<BatchRow> rowKey="key" size="small" columns={columns} dataSource={batch.rows} pagination={false} scroll={{ y: 320 }} />
      </Space>
    </Modal>
  );
}

/** The action's form, filled once for all rows: defaults only (no row), the same items and rules. */
function BatchForm({ resource, formName, form }: { resource: Resource; formName: string; form: ReturnType<typeof Form.useForm>[0] }) {
  const ctl = useFormController(resource, formName, { open: true });
  const view = resource.forms![formName];
  useEffect(() => {
    if (ctl.initialValues) form.setFieldsValue(ctl.initialValues);
  }, [ctl.initialValues, form]);
  return (
    <Form form={form} layout="vertical" initialValues={ctl.initialValues ?? undefined} data-batch-form={formName}>
      <FormItems resource={resource} items={ctl.items} columns={view.columns ?? 1} requiredNames={ctl.requiredNames} />
    </Form>
  );
}

/** Why a row was not sent or was refused: the server's message, or the condition it does not meet. */
function SkipReason({ resource, row }: { resource: Resource; row: BatchRow }) {
  const t = useT();
  if (row.status === 'refused') return <Typography.Text type="danger">{row.message}</Typography.Text>;
  if (row.status !== 'skipped' || !row.skip) return null;
  if ('self' in row.skip) return <Typography.Text type="secondary">{t('renderer.batch.notSelf')}</Typography.Text>;
  const field = fieldOf(resource, row.skip.field);
  const { Display } = fieldTypes[field.type];
  return (
    <Typography.Text type="secondary">
      {t('renderer.batch.notApplicable', { field: t(field.title) })} <Display name={row.skip.field} field={field} resource={resource} value={row.skip.value} />
    </Typography.Text>
  );
}
