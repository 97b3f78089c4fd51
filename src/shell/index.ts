/**
 * The shell's public surface for the composition root.
 *
 * @example
 * import { Shell, configureAuth } from '../shell';
 */
export { Shell } from './Shell';
export { configureAuth } from './session/auth-bindings';
export { configureBundledMessages } from './i18n/load-messages';
export { useSession } from './session/session-store';
export { useLocale } from './i18n/locale-context';
export { LoadingOverlay } from './i18n/LoadingOverlay';
export { appConfig } from './config';
export type { ShellOptions, ScreenViewProps } from './shell-context';
