/**
 * The language choice as a segmented control, for pages without the layout header (login): lighter
 * than the header's dropdown menu, which would pull the whole menu component into the login chunk.
 */
import { Segmented } from 'antd';
import { appConfig } from '../config';
import { useLocale } from './locale-context';

export function LocaleSegmented() {
  const { locale, setLocale } = useLocale();
  return (
    <Segmented
      size="small"
      value={locale}
      options={appConfig.i18n.locales.map((l) => ({ value: l.code, label: l.label }))}
      onChange={(v) => v !== locale && setLocale(String(v))}
      data-testid="locale-switch"
    />
  );
}
