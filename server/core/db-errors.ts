/**
 * Database errors a handler did not expect but the user caused: a unique index refusing a duplicate
 * (PostgreSQL 23505) becomes 409/40900 naming the field by its localized title and the value, the
 * same answer a module gives when it checks first — a check and an insert racing each other, or an
 * index stricter than the module's check (e.g. case-insensitive), never surfaces as a 500.
 *
 * Only violations whose column is a field of the binding or of its resource are mapped; anything else
 * (a primary key, a column no user can set) is a server bug and stays a 500.
 *
 * @example
 * // PostgreSQL: Key (lower(username::text))=(Admin) already exists.
 * uniqueConflict(err, (name) => (name === 'username' ? { title: '用户名', sent: 'Admin' } : undefined))
 * // HttpError(409, 40900, 'server.duplicate', { field: '用户名', value: 'Admin' })
 */
import { CODES } from '../../src/schema';
import { HttpError } from './contract';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

/** "lower(username::text)" → "username"; "merchant_id" → "merchant_id". */
function columnOf(expr: string): string {
  let s = expr.trim().replace(/::[\w ]+/g, '');
  for (let m = /^\w+\((.*)\)$/.exec(s); m; m = /^\w+\((.*)\)$/.exec(s)) s = m[1].trim();
  return s.replace(/^"|"$/g, '');
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export interface KnownField {
  /** localized title */
  title: string;
  /** the value as the request sent it, when the binding takes this field */
  sent?: unknown;
}

/**
 * The 409 for a unique violation, or undefined when `err` is not one this mapping knows.
 * `fieldOf(fieldName)` describes a field of the binding or resource, or undefined when there is none.
 * The value named is the one the request sent; else PostgreSQL's, but only for a plain column (an
 * index on lower(name) reports the lowered value, which the user never typed).
 */
export function uniqueConflict(err: unknown, fieldOf: (field: string) => KnownField | undefined): HttpError | undefined {
  const e = err as PgError | null;
  if (!e || e.code !== '23505' || !e.detail || e.constraint?.endsWith('_pkey')) return undefined;
  const m = /^Key \((.*)\)=\((.*)\) already exists\.?$/s.exec(e.detail);
  if (!m) return undefined;
  // "(a, b)" — expressions never contain ", " here except between columns (function args would,
  // but then the split no longer lines up with the values and the value is left out).
  const exprs = m[1].split(', ');
  const columns = exprs.map(columnOf);
  const values = columns.length === 1 ? [m[2]] : m[2].split(', ');
  // The last named column of a composite key is the one the user chose (e.g. a name within a merchant).
  for (let i = columns.length - 1; i >= 0; i--) {
    const field = fieldOf(camel(columns[i]));
    if (!field) continue;
    const plain = exprs[i].trim() === columns[i] && values.length === columns.length;
    const value = typeof field.sent === 'string' || typeof field.sent === 'number' ? field.sent : plain ? values[i] : undefined;
    return value === undefined
      ? new HttpError(409, CODES.CONFLICT, 'server.duplicateField', { field: field.title })
      : new HttpError(409, CODES.CONFLICT, 'server.duplicate', { field: field.title, value });
  }
  return undefined;
}
