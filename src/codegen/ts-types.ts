/**
 * TypeScript type text of a field as the browser sees it: 64-bit ids, dict/ref values and money are
 * strings (json-bigint storeAsString), enums are unions of their values.
 *
 * @example
 * fieldTsType({ type: 'enum', enum: 'role', multiple: true, title: 'x.y' }, enums) // "('admin' | 'finance')[]"
 */
import type { AnyField, AppSchema } from '../schema';
import { tsString } from './text';

export function fieldTsType(field: AnyField, enums: AppSchema['enums'], opts: { upload?: boolean } = {}): string {
  const one = scalar(field, enums, opts);
  if (field.type === 'dateRange') return `[${one}, ${one}]`;
  if (field.type === 'region' || field.multiple) return /[ |]/.test(one) ? `(${one})[]` : `${one}[]`;
  return one;
}

function scalar(field: AnyField, enums: AppSchema['enums'], opts: { upload?: boolean }): string {
  switch (field.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum': {
      const values = enums[field.enum ?? '']?.values ?? [];
      if (!values.length) return 'string';
      const union = [...new Set(values.map((v) => (typeof v.value === 'string' ? tsString(v.value) : String(v.value))))];
      return union.length === 2 && union.includes('true') && union.includes('false') ? 'boolean' : union.join(' | ');
    }
    case 'image':
    case 'file':
      // a stored file key; multipart bindings may send the file itself
      return opts.upload ? 'string | Blob' : 'string';
    case 'string': {
      // a closed list written as a pattern, e.g. sortOrder "^(ascend|descend)$"
      const m = /^\^\(([A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)+)\)\$$/.exec(field.pattern ?? '');
      return m ? m[1].split('|').map(tsString).join(' | ') : 'string';
    }
    case 'text':
    case 'password':
    case 'phone':
    case 'money':
    case 'bigint':
    case 'date':
    case 'datetime':
    case 'dateRange':
    case 'region':
    case 'dict':
    case 'ref':
      return 'string';
    default:
      // every field type is listed above: a new type fails to compile here until it has a TS type
      return field.type satisfies never;
  }
}
