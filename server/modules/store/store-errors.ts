/**
 * Errors of the merchant and store modules. Messages are i18n keys under "server." (locales/*\/store.json);
 * `field` values are i18n keys of the field title, rendered in the request locale by `localized`.
 */
import { HttpError, type Handler } from '../../core/contract';
import { coreState } from '../../core/state';
import { CODES } from '../../../src/schema/codes';

export function badField(key: string, fieldTitle: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, { field: fieldTitle, ...values });
}

export function notFound(key: string): HttpError {
  return new HttpError(404, CODES.NOT_FOUND, key);
}

export function conflict(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(409, CODES.CONFLICT, key, values);
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
export function likePattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

export function toIso(v: unknown): string | null {
  if (v == null) return null;
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
}

/**
 * Wraps a handler so that error values naming an i18n key (a field title such as "store.name", or a
 * state such as "enum.auditStatus.approved") reach the message in the request's locale.
 */
export function localized(handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError) || Object.keys(err.values).length === 0) throw err;
      const { i18n } = coreState(ctx.req);
      const values: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(err.values)) {
        values[k] = typeof v === 'string' && i18n.has(ctx.locale, v) ? i18n.t(ctx.locale, v) : v;
      }
      throw new HttpError(err.status, err.code, err.key, values, err.data);
    }
  };
}

/** Every handler of a module, localized. */
export function localizedAll(handlers: Record<string, Handler>): Record<string, Handler> {
  return Object.fromEntries(Object.entries(handlers).map(([k, h]) => [k, localized(h)]));
}
