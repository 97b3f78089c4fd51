/**
 * The operation cell: the actions this user may run on this row (roles + when; forbidden ones are
 * not rendered). The first three are links, the rest sit under "更多".
 */
import { memo } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Space, Typography } from 'antd';
import { splitRowActions, type ActionGate, type Row } from '../../engine';
import { useT } from '../i18n';

interface Props {
  gate: ActionGate;
  record: Row;
  onRun: (name: string, record: Row) => void;
}

/** Memoised like FieldCell: same gate, record and handler, nothing to draw again. */
export const RowActions = memo(function RowActions({ gate, record, onRun }: Props) {
  const t = useT();
  const names = gate.rowActions(record);
  if (!names.length) return null;
  const { inline, more } = splitRowActions(names);
  return (
    <Space size={12} wrap={false}>
      {inline.map((n) => {
        const a = gate.action(n);
        return (
          <Typography.Link key={n} data-action={n} type={a.danger ? 'danger' : undefined} onClick={() => onRun(n, record)} style={{ whiteSpace: 'nowrap' }}>
            {t(a.title)}
          </Typography.Link>
        );
      })}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((n) => ({ key: n, label: <span data-action={n}>{t(gate.action(n).title)}</span>, danger: !!gate.action(n).danger })),
            onClick: ({ key }) => onRun(key, record),
          }}
        >
          <Typography.Link data-more style={{ whiteSpace: 'nowrap' }}>
            {t('renderer.more')} <DownOutlined style={{ fontSize: 10 }} />
          </Typography.Link>
        </Dropdown>
      )}
    </Space>
  );
});
