/**
 * Action render "productSync" (product toolbar 同步商品, shop row 同步商品): confirm, then a running
 * state while the long call works (up to the binding's 10-minute timeout), then a result summary —
 * counts, shops skipped or failed with their reasons, and a note when the run hit its limits.
 * A slot because a plain api action can only show a one-line message, not the summary.
 * The action is the one of this resource whose "render" is "productSync"; its api binding gets the
 * record's values it declares (none from the toolbar, the shop's id from a row).
 */
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, List, Modal, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { bindingInput, useRuntime } from '../../engine';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { ProductSyncReport as SyncReport } from '../../generated/types';

export const SYNC_RENDER = 'productSync';

export default function SyncDialog({ resource, record, open, onClose }: SlotProps) {
  const t = useT();
  const { call } = useRuntime();
  const entry = Object.entries(resource.actions ?? {}).find(([, a]) => a.render === SYNC_RENDER);
  const action = entry?.[1];
  const binding = action?.api ? resource.api?.[action.api] : undefined;
  const [phase, setPhase] = useState<'confirm' | 'running' | 'done' | 'error'>('confirm');
  const [report, setReport] = useState<SyncReport | null>(null);
  const [error, setError] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const start = async () => {
    if (!binding) return;
    setPhase('running');
    const began = Date.now();
    timer.current = setInterval(() => setElapsed(Math.floor((Date.now() - began) / 1000)), 1000);
    try {
      setReport(await call<SyncReport>(binding, bindingInput(resource, binding, record ?? {})));
      setPhase('done');
    } catch (e) {
      setError((e as Error).message);
      setPhase('error');
    } finally {
      if (timer.current) clearInterval(timer.current);
    }
  };

  const finished = phase === 'done' || phase === 'error';
  const close = () => {
    if (phase !== 'running') onClose?.(finished);
  };
  const shopName = typeof record?.name === 'string' ? record.name : null;

  return (
    <Modal
      open={open !== false}
      title={t(action?.title ?? 'product.sync')}
      width={560}
      maskClosable={false}
      closable={phase !== 'running'}
      onCancel={close}
      footer={
        phase === 'confirm'
          ? [
              <Button key="cancel" onClick={close}>
                {t('product.cancel')}
              </Button>,
              <Button key="start" type="primary" icon={<SyncOutlined />} onClick={start}>
                {t('product.syncStart')}
              </Button>,
            ]
          : phase === 'running'
            ? null
            : [
                <Button key="close" type="primary" onClick={close}>
                  {t('product.close')}
                </Button>,
              ]
      }
    >
      {phase === 'confirm' && (
        <Space direction="vertical">
          {shopName && <Typography.Text strong>{shopName}</Typography.Text>}
          <Typography.Text>{t(action?.confirm ?? 'product.syncConfirm')}</Typography.Text>
        </Space>
      )}
      {phase === 'running' && (
        <div style={{ textAlign: 'center', padding: '24px 0' }} data-testid="sync-running">
          <Spin size="large" />
          <p style={{ marginTop: 16 }}>{t('product.syncRunning')}</p>
          <Typography.Text type="secondary">{t('product.syncElapsed', { seconds: elapsed })}</Typography.Text>
        </div>
      )}
      {phase === 'error' && <Result status="error" title={t('product.syncFailedTitle')} subTitle={error} />}
      {phase === 'done' && report && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="sync-summary">
          <Result
            status={report.failed.length ? 'warning' : 'success'}
            title={t('product.syncSummaryTitle')}
            subTitle={t('product.syncSummary', { synced: report.synced, shops: report.shops, seconds: Math.round(report.durationMs / 1000) })}
            style={{ padding: '8px 0' }}
          />
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('product.syncProductsCreated')}>{report.productsCreated}</Descriptions.Item>
            <Descriptions.Item label={t('product.syncProductsUpdated')}>{report.productsUpdated}</Descriptions.Item>
            <Descriptions.Item label={t('product.syncSkusCreated')}>{report.skusCreated}</Descriptions.Item>
            <Descriptions.Item label={t('product.syncSkusUpdated')}>{report.skusUpdated}</Descriptions.Item>
            <Descriptions.Item label={t('product.syncProductsDelisted')}>{report.productsDelisted}</Descriptions.Item>
            <Descriptions.Item label={t('product.syncSkusDisabled')}>{report.skusDisabled}</Descriptions.Item>
          </Descriptions>
          {report.truncated && <Alert type="warning" showIcon message={t('product.syncTruncated')} />}
          {report.failed.length > 0 && (
            <List
              size="small"
              header={<Typography.Text type="danger">{t('product.syncFailed')}</Typography.Text>}
              dataSource={report.failed}
              renderItem={(s) => <List.Item>{t('product.syncShopReason', { name: s.name, reason: s.reason })}</List.Item>}
            />
          )}
          {report.skipped.length > 0 && (
            <List
              size="small"
              style={{ maxHeight: 220, overflow: 'auto' }}
              header={<Typography.Text type="secondary">{t('product.syncSkipped')}</Typography.Text>}
              dataSource={report.skipped}
              renderItem={(s) => <List.Item>{t('product.syncShopReason', { name: s.name, reason: s.reason })}</List.Item>}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
