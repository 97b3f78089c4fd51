/**
 * src/generated/types.ts: per resource a record interface (from its fields, as the browser receives
 * them) and per API binding an input type (from its resolved parameters).
 *
 * @example
 * // export interface StaffRecord { id?: string; username?: string; roles?: ('admin' | 'finance')[]; … }
 * // export type StaffListInput = { username?: string; current?: number; … };
 */
import { resolveBindingInput, enumsFor } from '../schema/derive';
import type { LoadedResource, SchemaSet } from './model';
import { HEADER, cmp, pascal, tsKey } from './text';
import { fieldTsType } from './ts-types';

export const recordTypeName = (resource: string) => `${pascal(resource)}Record`;
export const inputTypeName = (resource: string, binding: string) => `${pascal(resource)}${pascal(binding)}Input`;

export function genTypes(set: SchemaSet): string {
  const parts = [HEADER, '// Records as the browser receives them (ids and money are strings) and the input of every API binding.', ''];
  for (const lr of sortedResources(set)) parts.push(...resourceTypes(set, lr), '');
  return parts.join('\n').replace(/\n+$/, '\n');
}

export function sortedResources(set: SchemaSet): LoadedResource[] {
  return [...set.resources].sort((a, b) => cmp(a.resource.name, b.resource.name));
}

function resourceTypes(set: SchemaSet, { file, resource }: LoadedResource): string[] {
  const { enums } = enumsFor(set.app, resource);
  const out: string[] = [];
  const fields = Object.entries(resource.fields ?? {}).filter(([, f]) => !f.writeOnly);
  out.push(`/** A ${resource.name} record (schemas/${file}). */`);
  if (!fields.length) out.push(`export type ${recordTypeName(resource.name)} = Record<string, unknown>;`);
  else {
    // Id: how 64-bit ids (and ref/dict values) travel — strings in the browser, bigint on the server
    // (`MerchantRecord<bigint>`), so one declaration types both ends.
    const props = fields.map(([name, f]) => `  ${tsKey(name)}?: ${fieldTsType(f, enums, { id: 'Id' })} | null;`);
    const generic = props.some((p) => /\bId\b/.test(p)) ? '<Id = string>' : '';
    out.push(`export interface ${recordTypeName(resource.name)}${generic} {`);
    // every property is optional and may be null: "required" is an input rule, a record may omit what a
    // view does not need, and an empty optional field travels as null
    out.push(...props);
    out.push('}');
  }
  const bindings = Object.keys(resource.api ?? {}).sort(cmp);
  // the bindings a module handles (the core answers an exportOf binding itself)
  const handled = bindings.filter((bname) => !resource.api![bname].exportOf);
  if (handled.length) {
    // the server types a module's handlers with it: ModuleHandlers<MerchantBindings> (server/core/contract.ts)
    out.push(
      '',
      `/** Input of every API binding a ${resource.name} module handles, by binding name. */`,
      `export interface ${pascal(resource.name)}Bindings {`,
    );
    for (const bname of handled) out.push(`  ${tsKey(bname)}: ${inputTypeName(resource.name, bname)};`);
    out.push('}');
  }
  for (const bname of bindings) {
    const b = resource.api![bname];
    const params = resolveBindingInput(resource, b);
    out.push('');
    out.push(`/** Input of ${b.method} ${b.path} (${resource.name}.${bname}). */`);
    if (!params.length) {
      out.push(`export type ${inputTypeName(resource.name, bname)} = Record<string, never>;`);
      continue;
    }
    out.push(`export type ${inputTypeName(resource.name, bname)} = {`);
    // an edit (partial input) clears an optional field by sending null
    const clears = !!b.input && 'partial' in b.input && !!b.input.partial;
    for (const p of params) {
      const type = fieldTsType(p.field, enums, { upload: !!b.multipart });
      out.push(`  ${tsKey(p.name)}${p.required ? '' : '?'}: ${type}${clears && !p.required ? ' | null' : ''};`);
    }
    out.push('};');
  }
  return out;
}
