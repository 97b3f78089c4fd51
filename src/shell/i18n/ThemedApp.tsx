/**
 * antd's App (message/modal hooks), and the theme colours that plain elements use as CSS variables
 * (src/renderer/fields/cells.css and the renderer's other sheets): table cells, drawers and popovers
 * read them instead of each asking for the token. They are set on the document's root, not on App's
 * box: drawers, dialogs and popovers are drawn outside it (portals on <body>), and a variable set on
 * the box left their text in the default colour. The icons that cells.css paints as masks come along.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { App, theme } from 'antd';
import { FastColor } from '@ant-design/fast-color';
import { MASK_ICONS } from '../../renderer/mask-icon';

export function ThemedApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // the token object changes only with the theme
  useLayoutEffect(() => {
    const vars: Record<string, string> = {
      '--cell-text-secondary': token.colorTextSecondary,
      '--cell-text-heading': token.colorTextHeading,
      '--cell-text-tertiary': token.colorTextTertiary,
      '--cell-text-quaternary': token.colorTextQuaternary,
      '--cell-error': token.colorError,
      '--cell-link': token.colorLink,
      // a hovered list row (renderer/list/lean-row.tsx): antd's Table tokens rowHoverBg and
      // rowSelectedHoverBg, derived as antd derives them (antd/es/table/style/index.js)
      '--table-row-hover-bg': new FastColor(token.colorFillAlter).onBackground(token.colorBgContainer).toHexString(),
      '--table-row-selected-hover-bg': token.controlItemBgActiveHover,
      // the row icons drawn by CSS (renderer/mask-icon.ts)
      ...MASK_ICONS,
    };
    for (const [name, value] of Object.entries(vars)) document.documentElement.style.setProperty(name, value);
  }, [token]);
  return <App>{children}</App>;
}
