/**
 * `useT()`: the renderer's one way to turn i18n keys into text (react-intl, messages from the shell).
 *
 * @example
 * const t = useT();
 * t('renderer.total', { total: 42 }) // "共 42 条"
 */
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { Translate } from '../engine';

export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}
