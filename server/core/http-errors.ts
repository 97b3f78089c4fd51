/**
 * Shorthands for the HttpErrors every module throws. Values that are message keys (a field title
 * such as 'store.name') are rendered in the request locale by the core (app.ts sendError).
 *
 * @example
 * throw badField('server.fieldRequired', 'merchant.name');
 */
import { CODES } from '../../src/schema/codes';
import { HttpError } from './contract';

export function badField(key: string, fieldTitle: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, { field: fieldTitle, ...values });
}

export function badRequest(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(400, CODES.BAD_REQUEST, key, values);
}

export function notFound(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(404, CODES.NOT_FOUND, key, values);
}

export function conflict(key: string, values: Record<string, string | number> = {}): HttpError {
  return new HttpError(409, CODES.CONFLICT, key, values);
}
