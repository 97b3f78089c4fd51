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
      // each column as wide as its content, the table scrolling sideways in itself when they do not fit:
      // a scroll width of 720 px with fixed numeric columns left a phone two characters of a store's
      // or merchant's name (洁到…)
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('dashboard.topStores.rank'), dataIndex: 'rank', render: (r: number) => <Tag color={r <= 3 ? 'gold' : undefined}>{r}</Tag> },
        { title: t('dashboard.topStores.store'), dataIndex: 'storeName' },
        { title: t('dashboard.topStores.merchant'), dataIndex: 'merchantName' },
        { title: t('dashboard.topStores.orders'), dataIndex: 'orders', align: 'right', render: (n: number) => formatCount(n, locale) },
        { title: t('dashboard.topStores.completed'), dataIndex: 'completed', align: 'right', render: (n: number) => formatCount(n, locale) },
        {
          title: t('dashboard.topStores.completionRate'),
          dataIndex: 'completionRate',
          align: 'right',
          render: (n: number) => formatPercent(n, locale),
        },
        {
          title: t('dashboard.topStores.settledAmount'),
          dataIndex: 'settledAmount',
          align: 'right',
          render: (v: string) => formatMoney(v, locale),
        },
      ]}
    />
  );
}
