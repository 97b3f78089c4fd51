/**
 * The signed-in devices of the current user (GET /profile/sessions): device, IP, sign-in and last
 * activity as the schema's fields render them; any other device can be signed out, one by one or all.
 */
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../engine';
import { fieldTypes } from '../../renderer/fields';
import { useT } from '../../renderer';
import type { Resource } from '../../schema';
import { profileSessions, profileSignOut } from '../../generated/services';
import type { ProfileSession as SessionRow } from '../../generated/types';

const COLUMNS = ['device', 'ip', 'createdAt', 'lastSeenAt'] as const;

export function SessionList({ resource }: { resource: Resource }) {
  const t = useT();
  const { call } = useRuntime();
  const { message } = App.useApp();
  const [rows, setRows] = useState<SessionRow[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(() => {
    setLoading(true);
    profileSessions(call)
      .then(setRows)
      .catch((e: Error) => message.error(e.message))
      .finally(() => setLoading(false));
  }, [call, message]);
  useEffect(reload, [reload]);

  const signOut = async (ids: string[], done: string) => {
    try {
      for (const id of ids) await profileSignOut(call, { id });
      message.success(t(done));
    } catch (e) {
      message.error((e as Error).message);
    }
    reload();
  };

  const others = rows.filter((r) => !r.current).map((r) => r.id);
  const columns = [
    ...COLUMNS.map((name) => {
      const field = resource.fields![name];
      const { Display } = fieldTypes[field.type];
      return {
        key: name,
        title: t(field.title),
        dataIndex: name,
        render: (value: unknown, row: SessionRow) => (
          <Space size={4}>
            <Display name={name} field={field} resource={resource} value={value} />
            {name === 'device' && row.current ? <Tag color="green">{t('profile.thisDevice')}</Tag> : null}
          </Space>
        ),
      };
    }),
    {
      key: 'action',
      title: '',
      width: 96,
      render: (_: unknown, row: SessionRow) =>
        row.current ? null : (
          <Popconfirm title={t('profile.signOutConfirm')} onConfirm={() => signOut([row.id], 'profile.signOutDone')}>
            <Button type="link" danger size="small" data-testid="profile-sign-out">
              {t('profile.signOut')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('profile.sessionsHint')}</Typography.Text>
        <Popconfirm title={t('profile.signOutOthersConfirm')} onConfirm={() => signOut(others, 'profile.signOutOthersDone')} disabled={!others.length}>
          <Button danger disabled={!others.length} data-testid="profile-sign-out-others">
            {t('profile.signOutOthers')}
          </Button>
        </Popconfirm>
      </Space>
      {/* scroll: on a phone the table scrolls sideways in itself; it ran past its card and the page scrolled sideways */}
      <Table<SessionRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={false}
        data-testid="profile-sessions"
      />
    </Space>
  );
}
