/** The ten stores with the most orders in the range: orders, completed, completion rate, settled amount. */
import { Table, Tag } from 'antd';
import { formatMoney, useRuntime } from '../../engine';
import { useT } from '../../renderer';
import { formatCount, formatPercent } from './format';
import type { DashboardTopStore } from '../../generated/types';

type Row = DashboardTopStore;

export function TopStores({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const t = useT();
  const { locale } = useRuntime();
  return (
    <Table<Row>
      size="middle"
      rowKey="storeId"
      loading={loading}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('dashboard.empty') }}
      scroll={{ x: 720 }}
      columns={[
        { title: t('dashboard.topStores.rank'), dataIndex: 'rank', width: 72, render: (r: number) => <Tag color={r <= 3 ? 'gold' : undefined}>{r}</Tag> },
        { title: t('dashboard.topStores.store'), dataIndex: 'storeName', ellipsis: true },
        { title: t('dashboard.topStores.merchant'), dataIndex: 'merchantName', ellipsis: true },
        { title: t('dashboard.topStores.orders'), dataIndex: 'orders', align: 'right', width: 110, render: (n: number) => formatCount(n, locale) },
        { title: t('dashboard.topStores.completed'), dataIndex: 'completed', align: 'right', width: 110, render: (n: number) => formatCount(n, locale) },
        {
          title: t('dashboard.topStores.completionRate'),
          dataIndex: 'completionRate',
          align: 'right',
          width: 140,
          render: (n: number) => formatPercent(n, locale),
        },
        {
          title: t('dashboard.topStores.settledAmount'),
          dataIndex: 'settledAmount',
          align: 'right',
          width: 150,
          render: (v: string) => formatMoney(v, locale),
        },
      ]}
    />
  );
}
