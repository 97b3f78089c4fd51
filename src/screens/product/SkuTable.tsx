/**
 * Detail section "skuTable" of the product screen: the product's SKUs (section.api → /sku/list)
 * with an inline "set service price" dialog (section.props.editApi → /sku/edit) and a "sync SKUs"
 * button (section.props.syncApi → /sku/sync). A slot because the schema language has no nested,
 * row-editable list inside a detail view.
 */
import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { allowsRoles, compareDecimal, type ApiBinding } from '../../schema';
import { formatDateTime, formatMoney, useRuntime } from '../../engine';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import type { ProductSku, ProductSkuSync } from '../../generated/types';

/** a SKU as GET /sku/list answers it (schemas/product.json shape "sku") */
type SkuRow = ProductSku;

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** "12" → "12.00", "12.5" → "12.50"; anything else unchanged (validated separately). */
export function normalizeMoney(v: string): string {
  const s = v.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return s;
  const [i, f = ''] = s.split('.');
  return `${BigInt(i)}.${(f + '00').slice(0, 2)}`;
}

export default function SkuTable({ resource, record, binding, section, onRecordChanged }: SlotProps) {
  const t = useT();
  const { call, user, locale } = useRuntime();
  const { message } = App.useApp();
  const props = (section?.props ?? {}) as { editApi?: string; syncApi?: string };
  const editBinding: ApiBinding | undefined = props.editApi ? resource.api?.[props.editApi] : undefined;
  const syncBinding: ApiBinding | undefined = props.syncApi ? resource.api?.[props.syncApi] : undefined;
  const canEdit = !!editBinding && allowsRoles(editBinding.roles, user?.roles ?? []);
  const canSync = !!syncBinding && allowsRoles(syncBinding.roles, user?.roles ?? []) && record.syncable !== false;
  const productId = String(record.id ?? '');

  const [rows, setRows] = useState<SkuRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [syncing, setSyncing] = useState(false);
  const [editing, setEditing] = useState<SkuRow | null>(null);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    if (!binding || !productId) return;
    setLoading(true);
    try {
      setRows(await call<SkuRow[]>(binding, { productId }));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [binding, call, productId, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const draftValue = normalizeMoney(draft);
  // Above the sale price is refused here and by the server (the store would earn more than the customer pays).
  const draftError =
    draft.trim() === ''
      ? t('product.sku.required')
      : !MONEY.test(draftValue)
        ? t('product.sku.moneyInvalid')
        : editing && compareDecimal(draftValue, editing.price) > 0
          ? t('product.sku.aboveSalePrice', { servicePrice: formatMoney(draftValue, locale), price: formatMoney(editing.price, locale) })
          : null;

  const save = async () => {
    if (!editing || !editBinding || draftError) return;
    setSaving(true);
    try {
      await call(editBinding, { id: editing.id, servicePrice: draftValue });
      message.success(t('product.sku.editSuccess'));
      setEditing(null);
      await load();
      // the product's service price range (and, after a sync, its SKU count) follow
      onRecordChanged?.();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const sync = async () => {
    if (!syncBinding) return;
    setSyncing(true);
    try {
      const r = await call<ProductSkuSync>(syncBinding, { productId });
      message.success(t('product.sku.syncResult', { skusCreated: r.skusCreated, skusUpdated: r.skusUpdated, skusDisabled: r.skusDisabled }));
      await load();
      onRecordChanged?.();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <div data-testid="sku-table">
      {canSync && (
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<SyncOutlined spin={syncing} />} loading={syncing} onClick={sync}>
            {t('product.syncSkus')}
          </Button>
          <Typography.Text type="secondary">{t('product.servicePriceHelp')}</Typography.Text>
        </Space>
      )}
      <Table<SkuRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        // the columns as wide as their contents; on a phone the table scrolls sideways in itself (it
        // pushed the drawer's body wider than the window, its last columns past the drawer's edge)
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('product.sku.empty') }}
        columns={[
          {
            title: t('product.sku.name'),
            dataIndex: 'name',
            render: (_v, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: r.platformSkuId }}>
                  {r.platformSkuId}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('product.sku.price'), dataIndex: 'price', align: 'right', render: (v: string) => formatMoney(v, locale) },
          {
            title: t('product.sku.servicePrice'),
            dataIndex: 'servicePrice',
            align: 'right',
            render: (v: string) => <Typography.Text strong>{formatMoney(v, locale)}</Typography.Text>,
          },
          { title: t('product.sku.stock'), dataIndex: 'stock', align: 'right' },
          {
            title: t('product.sku.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? <Tag color="success">{t('product.sku.enabledYes')}</Tag> : <Tag>{t('product.sku.enabledNo')}</Tag>),
          },
          { title: t('product.sku.syncedAt'), dataIndex: 'syncedAt', render: (v: string | null) => (v ? formatDateTime(v, locale) : '-') },
          ...(canEdit
            ? [
                {
                  title: t('product.sku.actions'),
                  key: 'actions',
                  render: (_: unknown, r: SkuRow) => (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        setEditing(r);
                        setDraft(r.servicePrice);
                      }}
                    >
                      {t('product.sku.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={t('product.sku.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={saving}
        okButtonProps={{ disabled: !!draftError }}
        destroyOnHidden
      >
        {editing && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {editing.name} · {t('product.sku.price')} {formatMoney(editing.price, locale)}
            </Typography.Text>
            <Input
              id="servicePrice"
              aria-label={t('product.sku.servicePrice')}
              prefix="¥"
              inputMode="decimal"
              value={draft}
              status={draftError && draft !== '' ? 'error' : undefined}
              onChange={(e) => setDraft(e.target.value.replace(/[^\d.]/g, ''))}
              onBlur={() => setDraft(normalizeMoney(draft))}
              onPressEnter={save}
            />
            {draftError && draft !== '' && <Typography.Text type="danger">{draftError}</Typography.Text>}
            <Typography.Text type="secondary">{t('product.sku.editHelp')}</Typography.Text>
          </Space>
        )}
      </Modal>
    </div>
  );
}
