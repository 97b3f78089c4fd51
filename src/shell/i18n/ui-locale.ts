/**
 * antd's and dayjs's locale data, loaded lazily so only the chosen locale reaches the browser.
 *
 * @example
 * const antdLocale = await loadUiLocale('en-US'); // antd en_US; dayjs switched to "en"
 */
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';

export async function loadUiLocale(locale: string): Promise<Locale> {
  if (locale === 'en-US') {
    const antd = await import('antd/es/locale/en_US');
    dayjs.locale('en');
    return antd.default;
  }
  const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
  dayjs.locale('zh-cn');
  return antd.default;
}
