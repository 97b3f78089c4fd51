/**
 * Messages (react-intl), antd/ProComponents locale, dayjs locale and the theme, for everything below.
 * Loads /locales/<locale>.json and antd's locale in parallel; until both arrive the loading overlay
 * shows. A locale switch keeps the current texts on screen until the new ones are in, then stores
 * the choice (localStorage "locale") and sets <html lang>.
 *
 * @example
 * <I18nProvider><App /></I18nProvider>
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import type { Locale } from 'antd/es/locale';
import { appConfig } from '../config';
import { loadMessages } from './load-messages';
import { literalMessages } from './literal-messages';
import { lightWave } from './light-wave';
import { loadUiLocale } from './ui-locale';
import { storedLocale, storeLocale } from './locale';
import { LocaleContext } from './locale-context';
import { LoadingOverlay } from './LoadingOverlay';
import { antdTheme } from './theme';
import { ThemedApp } from './ThemedApp';
import { cspNonce } from '../csp-nonce';
import { boxSizingOnce } from './box-sizing';

/** buttons' and checkboxes' click wave, without antd's forced style read and React root per click (light-wave.ts) */
const WAVE = { showEffect: lightWave };

/** antd's per-component box-sizing resets dropped; shell.css sets box-sizing once (box-sizing.ts) */
const TRANSFORMERS = [boxSizingOnce];

// antd's generated <style> elements carry the page's CSP nonce (../csp-nonce.ts); none on the dev server.
const csp = cspNonce() ? { nonce: cspNonce() } : undefined;

interface Loaded {
  locale: string;
  /** final texts as literal elements (literal-messages.ts); react-intl formats a catalogue mixing them
   * with texts, though its prop type names the two kinds apart */
  messages: Record<string, MessageFormatElement[]>;
  antdLocale: Locale;
}

async function loadAll(locale: string): Promise<Loaded> {
  const m = await loadMessages(locale);
  // when the requested locale fell back to zh-CN, antd follows the texts actually shown
  const antdLocale = await loadUiLocale(m.locale);
  return { locale: m.locale, messages: literalMessages(m.messages) as Record<string, MessageFormatElement[]>, antdLocale };
}

function onIntlError(err: { code?: string }) {
  // A missing key shows the key itself; say so once in development, never in production.
  if (err.code === 'MISSING_TRANSLATION' && !import.meta.env.DEV) return;
  console.warn(err);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    let live = true;
    void loadAll(storedLocale()).then((l) => live && setLoaded(l));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.locale;
  }, [loaded]);

  const setLocale = useCallback((next: string) => {
    storeLocale(next);
    setSwitching(true);
    void loadAll(next)
      .then(setLoaded)
      .finally(() => setSwitching(false));
  }, []);

  const ctx = useMemo(() => ({ locale: loaded?.locale ?? storedLocale(), setLocale, switching }), [loaded, setLocale, switching]);

  if (!loaded) return <LoadingOverlay fullScreen />;
  return (
    <LocaleContext.Provider value={ctx}>
      <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale={appConfig.i18n.defaultLocale} onError={onIntlError}>
        <StyleProvider transformers={TRANSFORMERS}>
          <ConfigProvider locale={loaded.antdLocale} theme={antdTheme} csp={csp} wave={WAVE}>
            <ThemedApp>{children}</ThemedApp>
          </ConfigProvider>
        </StyleProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
