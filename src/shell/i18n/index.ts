/**
 * i18n of the shell: messages fetched from /locales/<locale>.json, zh-CN fallback, stored locale,
 * antd/dayjs locales loaded lazily, the header switch.
 *
 * @example
 * import { I18nProvider, useLocale, LocaleSwitch } from '../i18n';
 */
export { I18nProvider } from './I18nProvider';
export { LocaleSwitch } from './LocaleSwitch';
export { LoadingOverlay } from './LoadingOverlay';
export { useLocale, LocaleContext, type LocaleState } from './locale-context';
export { storedLocale, storeLocale, SUPPORTED, DEFAULT_LOCALE } from './locale';
export { loadMessages, type LoadedMessages } from './load-messages';
export { builtinText, BUILTIN_ZH } from './builtin';
