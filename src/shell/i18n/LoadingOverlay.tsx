/**
 * The loading overlay (spec §9: default text 加载中...). Inside the IntlProvider the text is the
 * message shell.loading; before messages exist it is the built-in zh-CN literal (see builtin.ts).
 */
import { useContext } from 'react';
import { IntlContext } from 'react-intl';
import { builtinText } from './builtin';

export function LoadingOverlay({ tip, fullScreen = false }: { tip?: string; fullScreen?: boolean }) {
  const intl = useContext(IntlContext);
  const text = tip ?? (intl ? intl.formatMessage({ id: 'shell.loading', defaultMessage: builtinText('shell.loading') }) : builtinText('shell.loading'));
  // Plain markup and CSS: the first overlay paints before antd has loaded.
  return (
    <div className={fullScreen ? 'shell-loading shell-loading--full' : 'shell-loading'} role="status" aria-live="polite">
      <span className="shell-loading__dot" aria-hidden="true" />
      <span className="shell-loading__text">{text}</span>
    </div>
  );
}
