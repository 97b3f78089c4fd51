/**
 * Detail section "franchiseStores": the merchant's stores, with add and edit for admins. Columns and
 * forms come from the store schema (fields, forms franchiseAdd/franchiseEdit, binding franchiseSave →
 * POST /merchant/franchiseStore/addOrEdit); the merchant is preset. A slot because a detail view
 * cannot hold another resource's list with its own forms.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { allowsRoles, type Resource } from '../../schema';
import { useRuntime } from '../../engine';
import { CellView } from '../../renderer';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import { useSectionRows } from './use-section-rows';

const FormDialog = lazy(() => import('../../renderer/forms/FormDialog'));

/** Store fields shown for each franchise store, in order. */
export const STORE_COLUMNS = ['name', 'region', 'address', 'contact', 'phone', 'serviceArea', 'auditStatus', 'status', 'openOrderCount'];

type Row = Record<string, unknown> & { id: string };

function useStoreResource(): Resource | null {
  const { loadResource } = useRuntime();
  const [store, setStore] = useState<Resource | null>(null);
  useEffect(() => {
    let live = true;
    const load = loadResource ? loadResource('store') : import('../../../schemas/store.json').then((m) => m.default as unknown as Resource);
    void load.then((r) => live && setStore(r ?? null));
    return () => {
      live = false;
    };
  }, [loadResource]);
  return store;
}

export default function FranchiseStores({ record, binding, onRecordChanged }: SlotProps) {
  const t = useT();
  const { user } = useRuntime();
  const store = useStoreResource();
  const merchantId = String(record.id ?? '');
  const { rows, loading, error, reload } = useSectionRows<Row>(binding, merchantId);
  const [dialog, setDialog] = useState<{ form: 'franchiseAdd' | 'franchiseEdit'; record: Row | { merchantId: string } } | null>(null);

  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  const canWrite = !!store?.api?.franchiseSave && allowsRoles(store.api.franchiseSave.roles, user?.roles ?? []);
  const columns = store
    ? STORE_COLUMNS.filter((n) => store.fields?.[n]).map((n) => {
        const field = store.fields![n];
        return {
          key: n,
          title: t(field.title),
          render: (_: unknown, row: Row) => <CellView name={n} field={field} resource={store} value={row[n]} record={row} />,
        };
      })
    : [];
  if (canWrite) {
    columns.push({
      key: '$actions',
      title: t('merchant.storeActions'),
      render: (_: unknown, row: Row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDialog({ form: 'franchiseEdit', record: row })}>
          {t('common.edit')}
        </Button>
      ),
    });
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canWrite && (
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ form: 'franchiseAdd', record: { merchantId } })}>
          {t('merchant.storeAdd')}
        </Button>
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={loading || !store}
        dataSource={rows}
        scroll={{ x: 1100 }}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{ emptyText: t('merchant.noStores') }}
        columns={columns}
      />
      {dialog && store && (
        <Suspense fallback={null}>
          <FormDialog
            resource={store}
            formName={dialog.form}
            record={dialog.record}
            action={{ title: dialog.form === 'franchiseAdd' ? 'merchant.storeAdd' : 'common.edit', success: 'merchant.storeSaved' }}
            open
            onClose={(changed) => {
              setDialog(null);
              if (changed) {
                reload();
                // the merchant's own fields count its stores
                onRecordChanged?.();
              }
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
