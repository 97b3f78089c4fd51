/**
 * The header's user menu: avatar + nickname, dropdown with the personal centre and sign-out; a sign-in
 * link when signed out, carrying the page's redirect like the home page's own button (sign-in-path.ts).
 */
import { Avatar, Button, Dropdown } from 'antd';
import { UserOutlined, LogoutOutlined, IdcardOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { signOut } from '../session/session-actions';
import { fileUrl } from '../request/upload';
import { useRouterNavigate } from '../router/use-router-navigate';
import { signInPath } from '../router/sign-in-path';

/** An avatar value is a stored file key (32 hex) or already a URL. */
function avatarSrc(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^[0-9a-f]{32}$/i.test(avatar) ? fileUrl(avatar) : avatar;
}

/**
 * A component of its own so that only a signed-out header follows the location (its query holds the
 * redirect): the signed-in user menu must not draw again on every list click (use-router-navigate.ts).
 */
function SignInButton() {
  const { search } = useLocation();
  return (
    <Link to={signInPath(search)}>
      <Button type="primary" size="small" data-testid="header-sign-in">
        <FormattedMessage id="home.signIn" />
      </Button>
    </Link>
  );
}

export function AvatarMenu() {
  const { signedIn, user } = useSession();
  const navigate = useRouterNavigate();
  const intl = useIntl();
  if (!signedIn) return <SignInButton />;
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
