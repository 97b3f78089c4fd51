/**
 * The 401, 403, 404 and generic error pages (antd Result, all text via i18n). Full page on their own
 * routes (/401, /403, /404, /error); `embedded` inside the layout (a forbidden or unknown screen path).
 *
 * @example
 * <ResultPage code="404" />
 */
import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { forgetSession } from '../session/session-actions';
import { appConfig } from '../config';
import { lastPath } from '../router/last-path';

export type ResultCode = '401' | '403' | '404' | 'error';

const STATUS = { '401': '403', '403': '403', '404': '404', error: '500' } as const;

export function ResultPage({ code, embedded = false }: { code: ResultCode; embedded?: boolean }) {
  const navigate = useNavigate();
  const home = appConfig.session.lastPathDefault;
  const extra =
    code === '401' ? (
      <Button
        type="primary"
        onClick={() => {
          // the stored token is no good: drop it, or the guard would send /login straight back here
          forgetSession();
          const back = lastPath();
          navigate(back && !back.startsWith('/401') ? `/login?redirect=${encodeURIComponent(back)}` : '/login');
        }}
      >
        <FormattedMessage id="error.401.action" />
      </Button>
    ) : (
      <Button type="primary" onClick={() => navigate(home)}>
        <FormattedMessage id="error.backHome" />
      </Button>
    );
  return (
    <div className={embedded ? 'shell-result shell-result--embedded' : 'shell-result'} data-testid={`result-${code}`}>
      <Result
        status={STATUS[code]}
        title={code === 'error' ? <FormattedMessage id="error.error.title" /> : code}
        subTitle={<FormattedMessage id={`error.${code}.description`} />}
        extra={extra}
      />
    </div>
  );
}

export default ResultPage;
