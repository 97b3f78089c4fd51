/**
 * The personal centre (resource "profile", kind custom; the user menu's 个人中心): who I am, my name
 * and avatar, my password, and the devices signed in to my account. The forms are the schema's own;
 * saving the name or avatar updates the header at once.
 */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useRuntime } from '../../engine';
import { useT, type ScreenProps } from '../../renderer';
import { fileUrl } from '../../shell/request/upload';
import { sessionState, setSession, useSession } from '../../shell/session';
import { SchemaForm } from './SchemaForm';
import { SessionList } from './SessionList';
import { LiveSwitch } from './LiveSwitch';

function avatarSrc(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^[0-9a-f]{32}$/i.test(avatar) ? fileUrl(avatar) : avatar;
}

export default function ProfileScreen({ resource }: ScreenProps) {
  const t = useT();
  const { user } = useSession();
  const { app } = useRuntime();
  const roleLabel = (r: string) => {
    const def = app.enums?.role?.values.find((v) => String(v.value) === r);
    return def ? t(def.label) : r;
  };

  const onSaved = (data: unknown) => {
    const rec = data as { nickname?: string; avatar?: string | null };
    const current = sessionState().user;
    if (current) setSession({ user: { ...current, nickname: rec.nickname ?? current.nickname, avatar: rec.avatar ?? null } });
  };

  return (
    <Row gutter={[16, 16]} data-testid="profile-screen">
      <Col xs={24} lg={8}>
        <Card>
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Avatar size={88} src={avatarSrc(user?.avatar)} icon={<UserOutlined />} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user?.nickname}
            </Typography.Title>
          </Space>
          <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('profile.username')}>{user?.username}</Descriptions.Item>
            <Descriptions.Item label={t('profile.roles')}>
              {(user?.roles ?? []).map((r) => (
                <Tag key={r}>{roleLabel(r)}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <LiveSwitch />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              {
                key: 'basic',
                label: t('profile.basic'),
                children: <SchemaForm resource={resource} formName="edit" load submitText="profile.save" successText="profile.saved" onDone={onSaved} />,
              },
              {
                key: 'password',
                label: t('profile.password'),
                children: <SchemaForm resource={resource} formName="password" submitText="profile.save" successText="profile.passwordChanged" reset />,
              },
              { key: 'sessions', label: t('profile.sessions'), children: <SessionList resource={resource} /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
