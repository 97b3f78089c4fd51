/**
 * Cell and detail render "shopProducts": the shop's product count, or while its product sync runs
 * (it starts by itself when a shop is authorised) a progress bar with products done of the
 * platform's total, refreshed until the sync ends.
 */
import { Progress, Typography } from 'antd';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import { isSyncing, useLiveShop } from './live-shop';

export default function ShopProducts({ resource, record }: SlotProps) {
  const t = useT();
  const shop = useLiveShop(resource, record);
  if (!isSyncing(shop)) return <span data-product-count>{String(shop.productCount ?? 0)}</span>;
  const done = Number(shop.syncDone ?? 0);
  const total = shop.syncTotal == null ? null : Number(shop.syncTotal);
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div data-sync-progress style={{ minWidth: 96 }}>
      <Progress percent={percent} size="small" status="active" showInfo={false} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {total == null ? t('merchantAuth.syncStarting') : t('merchantAuth.syncProgress', { done, total })}
      </Typography.Text>
    </div>
  );
}
