/**
 * Errors of the staff module. Keys are "server.staff.*" in locales/*\/staff.json. A `field` value is
 * the i18n key of the field's title; localizeError() renders it in the request's locale before the
 * core renders the message, so "{field}" reads "用户名" or "Username".
 */
import { HttpError } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import zhCN from '../../../locales/zh-CN/staff.json';
import enUS from '../../../locales/en-US/staff.json';

const TITLES: Record<string, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function badField(key: string, fieldTitle: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, { field: fieldTitle, ...values });
}

export function notFound(): HttpError {
  return new HttpError(404, CODES.NOT_FOUND, 'server.staff.notFound');
}

export function conflict(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(409, CODES.CONFLICT, key, values);
}

/** The title of a field in a locale (zh-CN when the locale is unknown); the key itself when missing. */
export function fieldTitle(key: string, locale: string): string {
  return (TITLES[locale] ?? TITLES['zh-CN'])[key] ?? TITLES['zh-CN'][key] ?? key;
}

/** Renders the `field` value of a staff error in `locale`; other errors pass through unchanged. */
export function localizeError(err: unknown, locale: string): unknown {
  if (!(err instanceof HttpError) || typeof err.values.field !== 'string' || !err.key.startsWith('server.staff.')) return err;
  const values = { ...err.values, field: fieldTitle(err.values.field, locale) };
  return new HttpError(err.status, err.code, err.key, values, err.data);
}
