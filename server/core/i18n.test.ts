import { expect, test } from 'vitest';
import { loadI18n } from './i18n';
import { LOCALES_DIR } from './paths';

const i18n = loadI18n(LOCALES_DIR);

test('a value that is a message key is put in rendered in the locale (every caller of t, not only the API answer)', () => {
  expect(i18n.t('en-US', 'server.validation.region', { field: 'order.region' })).toBe('Region: choose a valid province/city/district');
  expect(i18n.t('zh-CN', 'server.validation.region', { field: 'order.region' })).toBe('所在地区 请选择有效的省/市/区');
});

test('user text is put in as it is, even when it has the shape of a key', () => {
  expect(i18n.t('en-US', 'server.order.staffDisabled', { name: 'no.such.key' })).toBe(
    'Staff member "no.such.key" is disabled and cannot take orders; choose another',
  );
  expect(i18n.t('en-US', 'server.order.staffDisabled', { name: 'admin' })).toContain('"admin"');
});
