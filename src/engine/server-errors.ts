/**
 * Maps a server refusal back onto form fields: data.errors [{field, message}] (field may be an ajv
 * instance path such as "/phone" or "/items/0/name") → [{ name, errors }] for fields the form shows.
 *
 * @example
 * fieldErrorsOf(new ApiError('手机号格式不正确', 40000, 400, { errors: [{ field: 'phone', message: '手机号格式不正确' }] }), ['phone'])
 * // { fields: [{ name: 'phone', errors: ['手机号格式不正确'] }], rest: [] }
 */
import { ApiError } from './runtime';

export interface FieldError {
  name: string;
  errors: string[];
}

export function fieldErrorsOf(error: unknown, formFields: readonly string[]): { fields: FieldError[]; rest: string[] } {
  const fields = new Map<string, string[]>();
  const rest: string[] = [];
  const list = error instanceof ApiError ? (error.data as { errors?: unknown } | undefined)?.errors : undefined;
  if (Array.isArray(list)) {
    for (const e of list) {
      const raw = String((e as { field?: unknown })?.field ?? '');
      const message = String((e as { message?: unknown })?.message ?? '');
      const name = raw.replace(/^\//, '').split(/[/.[]/)[0];
      if (name && formFields.includes(name)) fields.set(name, [...(fields.get(name) ?? []), message]);
      else if (message) rest.push(message);
    }
  }
  return { fields: [...fields].map(([name, errors]) => ({ name, errors })), rest };
}
