/**
 * Action dialog "merchantAuthAuthorize" (toolbar 授权店铺 and row action 重新授权): picks merchant and
 * platform (or takes the row's shop), asks the server for the platform's authorise URL
 * (/merchantAuth/auth) and opens it in a new window; the callback page in that window tells this one
 * when the shop is authorised (postMessage, same origin), and the list refreshes. A slot because a
 * schema action cannot open a URL that the server returns.
 */
import { ApiOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../engine';
import { fieldTypes } from '../../renderer/fields';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { MerchantAuthAuthorization } from '../../generated/types';

interface PlatformOption {
  value: string;
  label: string;
  adapterAvailable: boolean;
}

export const AUTHORIZED_MESSAGE = 'merchantAuth:authorized';

export default function AuthorizeShop({ resource, record, open, onClose }: SlotProps) {
  const t = useT();
  const { call } = useRuntime();
  const { message } = App.useApp();
  const shopId = record?.id ? String(record.id) : null;
  const [merchantId, setMerchantId] = useState<string | undefined>(undefined);
  const [platform, setPlatform] = useState<string | undefined>(undefined);
  const [platforms, setPlatforms] = useState<PlatformOption[]>([]);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const authBinding = resource.api?.auth;
  const platformBinding = resource.api?.getPlatform;
  const merchantField = resource.fields?.merchantId;
  // The form's fixed filters for the merchant options (schemas/merchantAuth.json: only enabled merchants).
  const merchantItem = resource.forms?.authorize?.items.find((i) => typeof i === 'object' && i.field === 'merchantId');
  const merchantParams = typeof merchantItem === 'object' ? merchantItem.params : undefined;

  useEffect(() => {
    if (shopId || !platformBinding) return;
    call<PlatformOption[]>(platformBinding)
      .then((opts) => {
        setPlatforms(opts);
        const first = opts.find((o) => o.adapterAvailable);
        if (first) setPlatform((p) => p ?? first.value);
      })
      .catch((e: Error) => message.error(e.message));
  }, [shopId, platformBinding, call, message]);

  // The callback page (same origin) reports the outcome to the window that opened it.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.type !== AUTHORIZED_MESSAGE) return;
      setWaiting(false);
      if (e.data.ok) {
        message.success(t('merchantAuth.authorizeDone'));
        onClose?.(true);
      } else {
        message.error(t('merchantAuth.authorizeFailed'));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [message, onClose, t]);

  const start = async () => {
    if (!authBinding) return;
    // Open the window inside the click, before any await, or pop-up blockers refuse it.
    const win = window.open('about:blank', '_blank');
    setBusy(true);
    setBlockedUrl(null);
    try {
      const input = shopId ? { id: shopId } : { merchantId, platform };
      const r = await call<MerchantAuthAuthorization>(authBinding, input);
      setChanged(true);
      if (win) {
        win.location.href = r.url;
        setWaiting(true);
        message.info(t('merchantAuth.authorizeOpened'));
      } else {
        setBlockedUrl(r.url);
      }
    } catch (e) {
      win?.close();
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const ready = !!shopId || (!!merchantId && !!platform);
  const MerchantControl = merchantField ? fieldTypes[merchantField.type].FormControl : null;
  return (
    <Modal
      open={open !== false}
      title={t(shopId ? 'merchantAuth.reauthorize' : 'merchantAuth.authorizeTitle')}
      width={480}
      onCancel={() => onClose?.(changed)}
      footer={[
        <Button key="cancel" onClick={() => onClose?.(changed)}>
          {t('merchantAuth.close')}
        </Button>,
        <Button key="go" type="primary" icon={<ApiOutlined />} loading={busy} disabled={!ready} onClick={start}>
          {t('merchantAuth.authorizeOpen')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('merchantAuth.authorizeHint')}</Typography.Paragraph>
        {shopId ? (
          <Typography.Text strong>{String(record.name ?? '')}</Typography.Text>
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('merchantAuth.merchant')} required>
              {MerchantControl && merchantField && (
                <MerchantControl
                  id="merchantId"
                  name="merchantId"
                  field={merchantField}
                  resource={resource}
                  value={merchantId}
                  mode="form"
                  depends={merchantParams}
                  onChange={(v) => setMerchantId(v === undefined || v === null || v === '' ? undefined : String(v))}
                />
              )}
            </Form.Item>
            <Form.Item label={t('merchantAuth.platform')} required>
              <Select
                id="platform"
                value={platform}
                onChange={setPlatform}
                options={platforms.map((p) => ({
                  value: p.value,
                  disabled: !p.adapterAvailable,
                  label: p.adapterAvailable ? p.label : t('merchantAuth.platformNotConnected', { platform: p.label }),
                }))}
              />
            </Form.Item>
          </Form>
        )}
        {waiting && <Alert type="info" showIcon icon={<LoadingOutlined />} message={t('merchantAuth.authorizeOpened')} />}
        {blockedUrl && (
          <Alert
            type="warning"
            showIcon
            message={t('merchantAuth.authorizeBlocked')}
            description={
              <a href={blockedUrl} target="_blank" rel="opener">
                {t('merchantAuth.authorizeLink')}
              </a>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
