/** The header's language menu: the locales of app.json, the current one checked. */
import { Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { appConfig } from '../config';
import { useLocale } from './locale-context';

export function LocaleSwitch({ className }: { className?: string }) {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  const items = appConfig.i18n.locales.map((l) => ({ key: l.code, label: l.label }));
  const current = appConfig.i18n.locales.find((l) => l.code === locale);
  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [locale], onClick: ({ key }) => key !== locale && setLocale(key) }} placement="bottomRight">
      <span
        className={className ?? 'shell-header-action'}
        role="button"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'layout.switchLocale' })}
        data-testid="locale-switch"
      >
        <TranslationOutlined />
        <span className="shell-header-action__text">{current?.label ?? locale}</span>
      </span>
    </Dropdown>
  );
}
