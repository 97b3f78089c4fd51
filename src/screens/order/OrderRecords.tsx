/**
 * Detail section "orderRecords": the order's work orders, price adjustments, refunds and settlement,
 * read from the detail record (GET /order/getById returns them as arrays). A slot because a detail
 * section of the schema language shows one record's own fields, not tables of sub-records.
 */
import { Empty, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney, useRuntime } from '../../engine';
import { fieldTypes, LEAN_ROWS, SKIP_SCROLLBAR_MEASURE } from '../../renderer';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import './order-records.css';

type Row = Record<string, unknown> & { id: string };

const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

/**
 * A titled table. Plain elements styled as antd's level-5 Title (order-records.css), and a box that
 * scrolls a table wider than the drawer sideways: the tables have no `scroll` of their own, which made
 * rc-table add a measuring row (a resize observer per column) and draw each table again once measured.
 */
function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="records-block">
      <h5 className="records-title">{title}</h5>
      <div className="records-table">{children}</div>
    </div>
  );
}

export default function OrderRecords({ resource, record }: SlotProps) {
  const t = useT();
  const { locale } = useRuntime();
  const money = (v: unknown) => formatMoney(v, locale);
  const time = (v: unknown) => formatDateTime(v, locale);
  const works = rowsOf(record.workOrders);
  const adjustments = rowsOf(record.priceAdjustments);
  const refunds = rowsOf(record.refunds);
  const settlement = record.settlement as Row | null | undefined;
  if (!works.length && !adjustments.length && !refunds.length && !settlement) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.records.empty')} />;
  }
  const typeField = resource.fields?.workOrderType;
  const TypeDisplay = typeField ? fieldTypes[typeField.type].Display : null;
  // no `scroll`: nothing uses the scrollbar's width, so rc-table need not measure it as each table mounts
  // (a forced layout of the page inside the click that opens the detail: 11–18 ms in its profile)
  // rows drawn by LeanRow: 44 Cell components drawn twice as the drawer opened, about a third of it
  const small = { size: 'small' as const, pagination: false as const, rowKey: 'id', ...LEAN_ROWS, ...SKIP_SCROLLBAR_MEASURE };

  return (
    <div>
      {works.length > 0 && (
        <Block title={t('order.records.workOrders')}>
          <Table<Row>
            {...small}
            dataSource={works}
            columns={[
              {
                key: 'type',
                title: t('order.workOrderType'),
                render: (_, r) =>
                  TypeDisplay && typeField ? <TypeDisplay name="workOrderType" field={typeField} resource={resource} value={r.type} /> : String(r.type),
              },
              { key: 'appointmentAt', title: t('order.appointmentAt'), render: (_, r) => time(r.appointmentAt) },
              { key: 'staff', title: t('order.staff'), render: (_, r) => String(r.staffName ?? '-') },
              {
                key: 'status',
                title: t('order.records.workOrderStatus'),
                render: (_, r) => <Tag>{t(`order.records.workOrderStatus.${String(r.status)}`)}</Tag>,
              },
              { key: 'notes', title: t('order.workOrderNotes'), render: (_, r) => String(r.notes ?? '-') },
              { key: 'createdAt', title: t('common.createdAt'), render: (_, r) => time(r.createdAt) },
            ]}
          />
        </Block>
      )}
      {adjustments.length > 0 && (
        <Block title={t('order.records.adjustments')}>
          <Table<Row>
            {...small}
            dataSource={adjustments}
            columns={[
              { key: 'before', title: t('order.records.beforeAmount'), render: (_, r) => money(r.beforeAmount) },
              { key: 'after', title: t('order.records.afterAmount'), render: (_, r) => money(r.afterAmount) },
              { key: 'reason', title: t('order.reason'), render: (_, r) => String(r.reason ?? '') },
              { key: 'operator', title: t('order.records.operator'), render: (_, r) => String(r.operatorName ?? '-') },
              { key: 'at', title: t('order.records.at'), render: (_, r) => time(r.at) },
            ]}
          />
        </Block>
      )}
      {refunds.length > 0 && (
        <Block title={t('order.records.refunds')}>
          <Table<Row>
            {...small}
            dataSource={refunds}
            columns={[
              { key: 'amount', title: t('order.refundAmount'), render: (_, r) => money(r.amount) },
              {
                key: 'kind',
                title: t('order.records.kind'),
                render: (_, r) => (
                  <Tag color={r.kind === 'full' ? 'red' : 'orange'}>{t(r.kind === 'full' ? 'order.records.kindFull' : 'order.records.kindPartial')}</Tag>
                ),
              },
              { key: 'reason', title: t('order.reason'), render: (_, r) => String(r.reason ?? '') },
              { key: 'operator', title: t('order.records.operator'), render: (_, r) => String(r.operatorName ?? '-') },
              { key: 'at', title: t('order.records.at'), render: (_, r) => time(r.at) },
            ]}
          />
        </Block>
      )}
      {settlement && (
        <Block title={t('order.records.settlement')}>
          <Table<Row>
            {...small}
            dataSource={[settlement]}
            columns={[
              { key: 'store', title: t('order.store'), render: (_, r) => String(r.storeName ?? '-') },
              { key: 'amount', title: t('order.settleAmount'), render: (_, r) => money(r.amount) },
              {
                key: 'status',
                title: t('order.records.settlementStatus'),
                render: (_, r) => <Tag color={r.status === 'settled' ? 'success' : 'gold'}>{t(`order.records.settlementStatus.${String(r.status)}`)}</Tag>,
              },
              { key: 'confirmedAt', title: t('order.records.confirmedAt'), render: (_, r) => time(r.confirmedAt) },
              { key: 'settledAt', title: t('order.settledAt'), render: (_, r) => (r.settledAt ? time(r.settledAt) : '-') },
            ]}
          />
        </Block>
      )}
    </div>
  );
}
