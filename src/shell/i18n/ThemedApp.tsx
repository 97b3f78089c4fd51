/**
 * antd's App (message/modal hooks) whose box carries the theme colours that plain elements use as CSS
 * variables (src/renderer/fields/cells.css): table cells read them instead of each asking for the token.
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { App, theme } from 'antd';

export function ThemedApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = useMemo(
    () =>
      ({
        '--cell-text-secondary': token.colorTextSecondary,
        '--cell-text-heading': token.colorTextHeading,
        '--cell-text-empty': token.colorTextQuaternary,
        '--cell-error': token.colorError,
        '--cell-link': token.colorLink,
      }) as CSSProperties,
    [token.colorTextSecondary, token.colorTextHeading, token.colorTextQuaternary, token.colorError, token.colorLink],
  );
  return <App style={style}>{children}</App>;
}
