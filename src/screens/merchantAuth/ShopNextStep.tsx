/**
 * Cell and detail render "shopNextStep": what the shop's user can do next (the server derives
 * `nextStep` from the platform's adapter and the shop's state, server/modules/merchantAuth/next-step.ts)
 * as a tag, with a one-line explanation under it. The action itself is the row action the schema
 * gates on the same value (重新授权, 同步商品, 店铺订单); nothing here is a button.
 */
import { Tag, Typography } from 'antd';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import { useLiveShop } from './live-shop';

const DAY_MS = 86_400_000;

export default function ShopNextStep({ resource, record }: SlotProps) {
  const t = useT();
  const shop = useLiveShop(resource, record);
  const step = String(shop.nextStep ?? '');
  if (!step) return null;
  const option = resource.enums?.shopNextStep?.values.find((v) => v.value === step);
  const expiresAt = shop.tokenExpiresAt ? Date.parse(String(shop.tokenExpiresAt)) : NaN;
  const expiring = step === 'authorize' && shop.authExpiring === true && shop.authStatus === 'authorized';
  const help = expiring ? 'merchantAuth.nextStepHelp.authorizeExpiring' : `merchantAuth.nextStepHelp.${step}`;
  const values = {
    platform: t(`enum.platform.${String(shop.platform)}`),
    reason: String(shop.syncError ?? ''),
    days: Number.isNaN(expiresAt) ? 0 : Math.max(0, Math.ceil((expiresAt - Date.now()) / DAY_MS)),
  };
  return (
    <div data-next-step={step}>
      <Tag color={option?.color} style={{ marginInlineEnd: 0 }}>
        {t(option?.label ?? step)}
      </Tag>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0', whiteSpace: 'normal' }}>
        {t(help, values)}
      </Typography.Paragraph>
    </div>
  );
}
