/**
 * Detail section "merchantShops": the merchant's authorised shops, read only (the shop screen
 * manages them). A slot because a detail view cannot hold a nested list of another table.
 */
import { Table, Tag, Typography } from 'antd';
import type { AnyField } from '../../schema';
import { formatDateTime, useRuntime } from '../../engine';
import { CellView } from '../../renderer';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import { useSectionRows } from './use-section-rows';
import type { MerchantAuthRecord } from '../../generated/types';

/** A shop as GET /merchant/shops sends it: the merchantAuth screen's record (src/generated/types.ts). */
export type ShopRow = MerchantAuthRecord & { id: string };

const STATUS: Partial<Record<NonNullable<ShopRow['authStatus']>, { color: string; label: string }>> = {
  authorized: { color: 'success', label: 'merchant.shopStatusAuthorized' },
  expired: { color: 'warning', label: 'merchant.shopStatusExpired' },
  unbound: { color: 'default', label: 'merchant.shopStatusUnbound' },
};

const PLATFORM: AnyField = { type: 'enum', enum: 'platform', title: 'merchant.shopPlatform' };

export default function MerchantShops({ resource, record, binding }: SlotProps) {
  const t = useT();
  const { locale } = useRuntime();
  const { rows, loading, error } = useSectionRows<ShopRow>(binding, String(record.id ?? ''));
  const time = (v: string | null) => (v ? formatDateTime(v, locale) : '-');

  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  return (
    <Table<ShopRow>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      // the columns as wide as their contents; on a phone the table scrolls sideways in itself (it
      // pushed the drawer's body wider than the window, its last column past the drawer's edge)
      scroll={{ x: 'max-content' }}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: t('merchant.noShops') }}
      columns={[
        { title: t('merchant.shopName'), dataIndex: 'name' },
        {
          title: t('merchant.shopPlatform'),
          dataIndex: 'platform',
          render: (v: string) => <CellView name="platform" field={PLATFORM} resource={resource} value={v} />,
        },
        { title: t('merchant.shopPlatformId'), dataIndex: 'platformShopId', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
        {
          title: t('merchant.shopAuthStatus'),
          dataIndex: 'authStatus',
          render: (v: NonNullable<ShopRow['authStatus']>) => <Tag color={STATUS[v]?.color}>{STATUS[v] ? t(STATUS[v]!.label) : v}</Tag>,
        },
        { title: t('merchant.shopAuthorizedAt'), dataIndex: 'authorizedAt', render: time },
        { title: t('merchant.shopTokenExpiresAt'), dataIndex: 'tokenExpiresAt', render: time },
        { title: t('merchant.shopLastSyncAt'), dataIndex: 'lastSyncAt', render: time },
      ]}
    />
  );
}
