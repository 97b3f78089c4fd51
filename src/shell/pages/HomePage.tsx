/**
 * Home (/index). Signed out: a welcome inviting sign-in; the sign-in link keeps the redirect query, so
 * the visitor lands on the page first asked for. Signed in: a welcome with the nickname and a shortcut
 * card for each screen the user may open (menu order, with its icon; external ones open a new tab),
 * after the console's own "home" slot when one is registered (the workbench).
 */
import { Button, Card, Col, Row, Typography } from 'antd';
import { Suspense } from 'react';
import { getSlot, hasSlot } from '../../renderer';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { menuScreens } from '../router/access';
import { signInPath } from '../router/sign-in-path';
import { appConfig } from '../config';
import { LoadingOverlay } from '../i18n/LoadingOverlay';
import { iconComponent } from '../icon';
import { useIcons } from '../use-icons';
import type { ScreenRoute } from '../../schema';

function Shortcut({ screen }: { screen: ScreenRoute }) {
  const icons = useIcons();
  const Icon = iconComponent(icons, screen.icon);
  const body = (
    <Card hoverable className="shell-home__card" data-testid={`shortcut-${screen.name}`}>
      <span className="shell-home__icon">{Icon ? <Icon /> : null}</span>
      <span className="shell-home__label">
        <FormattedMessage id={screen.title} />
      </span>
    </Card>
  );
  return screen.externalUrl ? (
    <a href={screen.externalUrl} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <Link to={screen.path}>{body}</Link>
  );
}

/** What the console puts on its home page for a signed-in user (a registered "home" slot), if anything. */
function HomeSlot() {
  const Slot = getSlot('home');
  return (
    <Suspense fallback={null}>
      <Slot resource={{ name: 'home' }} record={{}} />
    </Suspense>
  );
}

export default function HomePage() {
  const { signedIn, user } = useSession();
  const { screens } = useShell();
  const { search } = useLocation();
  const intl = useIntl();
  const appTitle = intl.formatMessage({ id: appConfig.title });

  if (!signedIn) {
    return (
      <div className="shell-home shell-home--guest" data-testid="home-guest">
        <Typography.Title level={2}>
          <FormattedMessage id="home.welcome" values={{ app: appTitle }} />
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="home.guestHint" />
        </Typography.Paragraph>
        <Link to={signInPath(search)}>
          <Button type="primary" size="large" data-testid="home-sign-in">
            <FormattedMessage id="home.signIn" />
          </Button>
        </Link>
      </div>
    );
  }
  if (!user) return <LoadingOverlay />;
  const shortcuts = menuScreens(screens, user.roles);
  return (
    <div className="shell-home" data-testid="home-user">
      <Typography.Title level={3}>
        <FormattedMessage id="home.hello" values={{ name: user.nickname }} />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="home.intro" values={{ app: appTitle }} />
      </Typography.Paragraph>
      {hasSlot('home') ? <HomeSlot /> : null}
      <Typography.Title level={5} className="shell-home__section">
        <FormattedMessage id="home.shortcuts" />
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {shortcuts.map((s) => (
          <Col key={s.name} xs={12} sm={8} md={6} lg={4}>
            <Shortcut screen={s} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
