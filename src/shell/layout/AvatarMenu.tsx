/** The header's user menu: avatar + nickname, dropdown with the personal centre and sign-out; a sign-in link when signed out. */
import { Avatar, Button, Dropdown } from 'antd';
import { UserOutlined, LogoutOutlined, IdcardOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { signOut } from '../session/session-actions';
import { fileUrl } from '../request/upload';
import { useRouterNavigate } from '../router/use-router-navigate';

/** An avatar value is a stored file key (32 hex) or already a URL. */
function avatarSrc(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^[0-9a-f]{32}$/i.test(avatar) ? fileUrl(avatar) : avatar;
}

export function AvatarMenu() {
  const { signedIn, user } = useSession();
  const navigate = useRouterNavigate();
  const intl = useIntl();
  if (!signedIn) {
    return (
      <Link to="/login">
        <Button type="primary" size="small">
          <FormattedMessage id="home.signIn" />
        </Button>
      </Link>
    );
  }
  const items = [
    { key: 'profile', icon: <IdcardOutlined />, label: intl.formatMessage({ id: 'layout.profile' }) },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: intl.formatMessage({ id: 'layout.logout' }), danger: true },
  ];
  return (
    <Dropdown
      placement="bottomRight"
      menu={{
        items,
        onClick: async ({ key }) => {
          if (key === 'profile') return navigate('/profile');
          if (key !== 'logout') return;
          await signOut();
          navigate('/login', { replace: true });
        },
      }}
    >
      <span className="shell-header-action" data-testid="user-menu">
        <Avatar size="small" src={avatarSrc(user?.avatar)} icon={<UserOutlined />} />
        <span className="shell-header-action__text">{user?.nickname ?? ''}</span>
      </span>
    </Dropdown>
  );
}
