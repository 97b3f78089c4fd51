/**
 * antd's theme for the whole console. One object, shared by the app (I18nProvider) and the build's
 * static stylesheet (scripts/antd-css): antd keys its styles by a hash of this theme, so both must use
 * the same one for the stylesheet's styles to be recognised.
 */
import type { ThemeConfig } from 'antd';
import { appConfig } from '../config';

export const antdTheme: ThemeConfig = { token: { colorPrimary: appConfig.layout.colorPrimary } };
