/**
 * The detail view (lazy chunk): the record from the detail binding, its sections and slots, and the
 * actions the user may run on it, in a Drawer or as a page with a back link.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Result, Skeleton, Space } from 'antd';
import { useCallback, useEffect } from 'react';
import type { Resource } from '../../schema';
import { useActionGate, useDetail, useRecordChanged, type Row } from '../../engine';
import { useT } from '../i18n';
import { actionKind } from '../actions/action-kind';
import { DetailSections } from './DetailSections';
import { useDrawerHost, useScrollLockAfterPaint } from './drawer-host';
import './detail.css';

export interface DetailViewProps {
  resource: Resource;
  /** identifies the record (its id) */
  row: Row;
  container: 'drawer' | 'page';
  open?: boolean;
  /** bump to reload (after an action changed the record) */
  version?: number;
  onClose: () => void;
  onRun?: (action: string, record: Row) => void;
  /** a section changed the record (a slot's own call: a SKU's price, a franchise store): the list behind reloads too */
  onChanged?: () => void;
}

function sameRecord(a: Row, b: Row): boolean {
  return a.id !== undefined && String(a.id) === String(b.id);
}

export default function DetailView({ resource, row, container, open = true, version = 0, onClose, onRun, onChanged }: DetailViewProps) {
  const t = useT();
  const { record, loading, error, refetch, askedAt } = useDetail(resource, row);
  // the record shown here and its row in the list behind, which shows some of the same fields
  const sectionChanged = useCallback(() => {
    refetch();
    onChanged?.();
  }, [refetch, onChanged]);
  const gate = useActionGate(resource);
  // the drawer in a host of its own, and the page's scroll locked after its first paint rather than
  // inside the click that opens it (drawer-host.ts)
  const host = useDrawerHost(container === 'drawer');
  useScrollLockAfterPaint(open && !!host);
  useEffect(() => {
    if (version > 0) refetch();
  }, [version, refetch]);
  // changed elsewhere (a live update): shown as it is now while the drawer is open (not reloaded
  // again when it was asked for since, as after the user's own action)
  useRecordChanged(resource.name, row.id, refetch, open, askedAt);

  // Escape closes the drawer. antd's Drawer hears it only from focus inside it, and after an action's
  // dialog closes focus can be on the page body (the button that opened it may be gone once the record
  // reloads): Escape then did nothing. With focus nowhere, it closes the drawer here.
  useEffect(() => {
    if (!open || container === 'page') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || (document.activeElement && document.activeElement !== document.body)) return;
      // a dialog over the drawer is the one Escape is for
      if ([...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((w) => w.style.display !== 'none')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, container, onClose]);

  const actions = record && onRun ? gate.rowActions(record).filter((n) => actionKind(gate.action(n)) !== 'detail') : [];
  const extra = actions.length ? (
    <Space wrap>
      {actions.map((n) => {
        const a = gate.action(n);
        return (
          <Button key={n} size="small" danger={!!a.danger} type={a.primary ? 'primary' : 'default'} onClick={() => onRun!(n, record!)}>
            {t(a.title)}
          </Button>
        );
      })}
    </Space>
  ) : null;

  const body = error ? (
    <Result status="error" title={t('renderer.loadFailed')} subTitle={error.message} extra={<Button onClick={refetch}>{t('renderer.retry')}</Button>} />
  ) : !record || (loading && !sameRecord(record, row)) ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : (
    // a reload of the same record keeps the sections mounted (and their own state) while it runs
    <DetailSections resource={resource} record={record} onRecordChanged={sectionChanged} />
  );

  if (container === 'page') {
    return (
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose} aria-label={t('renderer.back')} />
            {t('renderer.detail')}
          </Space>
        }
        extra={extra}
      >
        {body}
      </Card>
    );
  }
  if (!host) return null;
  return (
    <Drawer
      title={t('renderer.detail')}
      open={open}
      onClose={onClose}
      width={resource.detail?.width ?? 720}
      extra={extra}
      rootClassName="detail-drawer"
      destroyOnHidden
      getContainer={host}
    >
      {body}
    </Drawer>
  );
}
