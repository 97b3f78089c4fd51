/**
 * The chosen locale: localStorage key from app.json i18n.storageKey ("locale"), a bare "zh-CN"/"en-US".
 * Anything else stored there is ignored in favour of the default (zh-CN).
 *
 * @example
 * storeLocale('en-US'); storedLocale() // "en-US"
 */
import { appConfig } from '../config';
import { readStorage, writeStorage } from '../storage';

export const SUPPORTED = appConfig.i18n.locales.map((l) => l.code);
export const DEFAULT_LOCALE = appConfig.i18n.defaultLocale;

export function storedLocale(): string {
  const v = readStorage(appConfig.i18n.storageKey);
  return v && SUPPORTED.includes(v) ? v : DEFAULT_LOCALE;
}

export function storeLocale(locale: string): void {
  if (!SUPPORTED.includes(locale)) throw new Error(`Unknown locale "${locale}": expected one of ${SUPPORTED.join(', ')}`);
  writeStorage(appConfig.i18n.storageKey, locale);
}
