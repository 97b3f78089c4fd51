/**
 * Sign-in (/login): username + password (input ids `username`, `password`, a type=submit button),
 * POST /user/login through the auth schema's binding, then the redirect query value or the last
 * visited path. Errors (wrong password, 429 too many attempts, network) show inline above the form.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { UserOutlined, LockOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../session/session-actions';
import { appConfig } from '../config';
import { safeLocalPath } from '../router/guard';
import { lastPath } from '../router/last-path';
import { LocaleSegmented } from '../i18n/LocaleSegmented';
import { preloadLayout } from '../router/layout-loader';

interface Credentials {
  username: string;
  password: string;
}

export default function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Credentials) => {
    // the console frame downloads while the credentials are checked: it then shows with no fallback
    preloadLayout();
    setBusy(true);
    setError(null);
    try {
      await signIn(values.username.trim(), values.password);
      const to = safeLocalPath(new URLSearchParams(search).get('redirect')) ?? safeLocalPath(lastPath()) ?? appConfig.session.lastPathDefault;
      navigate(to, { replace: true });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : intl.formatMessage({ id: 'login.failed' }));
      setBusy(false);
    }
  };

  return (
    <div className="shell-login">
      <div className="shell-login__locale">
        <LocaleSegmented />
      </div>
      <main className="shell-login__card">
        <Typography.Title level={3} className="shell-login__title">
          <FormattedMessage id={appConfig.title} />
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="shell-login__subtitle">
          <FormattedMessage id="login.subtitle" />
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} className="shell-login__error" role="alert" data-testid="login-error" />}
        <Form<Credentials> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
          <Form.Item
            name="username"
            label={intl.formatMessage({ id: 'login.username' })}
            rules={[{ required: true, whitespace: true, message: intl.formatMessage({ id: 'login.usernameRequired' }) }]}
          >
            <Input prefix={<UserOutlined />} placeholder={intl.formatMessage({ id: 'login.usernamePlaceholder' })} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={intl.formatMessage({ id: 'login.password' })}
            rules={[{ required: true, message: intl.formatMessage({ id: 'login.passwordRequired' }) }]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={intl.formatMessage({ id: 'login.passwordPlaceholder' })} autoComplete="current-password" />
          </Form.Item>
          <Form.Item className="shell-login__submit">
            <Button type="primary" htmlType="submit" block loading={busy}>
              <FormattedMessage id="login.submit" />
            </Button>
          </Form.Item>
        </Form>
      </main>
    </div>
  );
}
