/**
 * What a form sends: only the binding's input fields, with values cleaned for the wire: empty values
 * are left out, except in an edit (partial) binding where a cleared optional field is sent as null
 * ("clear it", server/core/README.md); ids stay strings.
 *
 * @example
 * bindingInput(staff, staff.api.edit, { id: '1876543210987654321', username: 'x', nickname: '李四' })
 * // { id: '1876543210987654321', nickname: '李四' }   (username is not an input of "edit")
 */
import { resolveBindingInput, type ApiBinding, type Resource } from '../schema';

const FREE_TEXT = new Set(['string', 'text', 'password']);

export function bindingInput(resource: Resource, binding: ApiBinding, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const partial = !!binding.input?.partial;
  for (const p of resolveBindingInput(resource, binding)) {
    const v = values[p.name];
    if (v === undefined) continue;
    const empty = v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (empty) {
      // In an edit (partial) binding null clears an optional field; elsewhere an empty value is left out.
      if (partial && !p.required) out[p.name] = null;
      continue;
    }
    out[p.name] = typeof v === 'string' && FREE_TEXT.has(p.field.type) && p.field.type !== 'password' ? v.trim() : v;
  }
  return out;
}
