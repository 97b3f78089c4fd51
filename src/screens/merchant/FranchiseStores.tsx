/**
 * Detail section "franchiseStores": the merchant's stores, with add and edit for admins. Columns and
 * forms come from the store schema (fields, forms franchiseAdd/franchiseEdit, binding franchiseSave →
 * POST /merchant/franchiseStore/addOrEdit); the merchant is preset. A slot because a detail view
 * cannot hold another resource's list with its own forms.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, theme, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { allowsRoles, type Resource } from '../../schema';
import { fieldColumnWidths, headerWidth, textMeasure, useRuntime } from '../../engine';
import { CellView } from '../../renderer';
import { useT } from '../../renderer/i18n';
import type { SlotProps } from '../../renderer/slots';
import { useSectionRows } from './use-section-rows';

const FormDialog = lazy(() => import('../../renderer/forms/FormDialog'));

/** A small table's cell padding (one side). */
const PADDING = 8;

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
  const { user, app, locale } = useRuntime();
  const { token } = theme.useToken();
  const store = useStoreResource();
  const merchantId = String(record.id ?? '');
  const { rows, loading, error, reload } = useSectionRows<Row>(binding, merchantId);
  const [dialog, setDialog] = useState<{ form: 'franchiseAdd' | 'franchiseEdit'; record: Row | { merchantId: string } } | null>(null);

  const canWrite = !!store?.api?.franchiseSave && allowsRoles(store.api.franchiseSave.roles, user?.roles ?? []);
  // each column as wide as its field type's content and its translated title (engine/column-width.ts),
  // as a list's columns are: the table scrolls sideways when the drawer is narrower than their sum
  const widths = useMemo(() => {
    if (!store) return {} as Record<string, number>;
    const ctx = { measure: textMeasure(token.fontFamily), locale, padding: PADDING };
    const fields = Object.fromEntries(STORE_COLUMNS.filter((n) => store.fields?.[n]).map((n) => [n, store.fields![n]]));
    const out = fieldColumnWidths(app, store, fields, t, ctx);
    // the edit link under the column's title
    if (canWrite) {
      const edit = Math.ceil(ctx.measure(t('common.edit'), 14));
      out.$actions = Math.max(headerWidth(t('merchant.storeActions'), ctx, edit, false), edit) + 2 * PADDING;
    }
    return out;
  }, [store, app, t, locale, token.fontFamily, canWrite]);

  if (error) return <Typography.Text type="danger">{error}</Typography.Text>;
  const columns = store
    ? STORE_COLUMNS.filter((n) => store.fields?.[n]).map((n) => {
        const field = store.fields![n];
        return {
          key: n,
          title: t(field.title),
          width: widths[n],
          render: (_: unknown, row: Row) => <CellView name={n} field={field} resource={store} value={row[n]} record={row} />,
        };
      })
    : [];
  if (canWrite) {
    columns.push({
      key: '$actions',
      title: t('merchant.storeActions'),
      width: widths.$actions,
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
        tableLayout="fixed"
        scroll={{ x: Object.values(widths).reduce((a, b) => a + b, 0) }}
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
