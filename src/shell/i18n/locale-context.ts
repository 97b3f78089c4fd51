/**
 * The current locale and the switch, for components below the shell's providers.
 *
 * @example
 * const { locale, setLocale } = useLocale(); setLocale('en-US');
 */
import { createContext, useContext } from 'react';

export interface LocaleState {
  locale: string;
  setLocale: (locale: string) => void;
  /** true while the next locale's messages are on their way */
  switching: boolean;
}

export const LocaleContext = createContext<LocaleState>({ locale: 'zh-CN', setLocale: () => {}, switching: false });

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}
