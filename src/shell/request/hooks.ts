/**
 * What the request layer needs from the React app but cannot import: navigation, the localized
 * message API of App.useApp() (static antd methods ignore the locale on React 19), the current locale
 * and a translator. The shell sets them once it is mounted; until then safe defaults apply.
 *
 * @example
 * setRequestHooks({ navigate: (to) => router.navigate(to), notifyError: (t) => message.error(t) });
 */
import { builtinText } from '../i18n/builtin';
import { storedLocale } from '../i18n/locale';

export interface RequestHooks {
  navigate: (to: string) => void;
  /** the token was just cleared because the server refused the session (100000 or 401) */
  sessionEnded: () => void;
  notifyError: (text: string) => void;
  locale: () => string;
  translate: (key: string) => string;
}

const hooks: RequestHooks = {
  navigate: (to) => {
    if (typeof window !== 'undefined') window.location.assign(to);
  },
  sessionEnded: () => {},
  notifyError: (text) => console.error(text),
  locale: () => storedLocale(),
  translate: (key) => builtinText(key),
};

export function setRequestHooks(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

export function requestHooks(): RequestHooks {
  return hooks;
}
