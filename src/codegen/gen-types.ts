/**
 * src/generated/types.ts: per resource a record interface (from its fields, as the browser receives
 * them) and per API binding an input type (from its resolved parameters).
 *
 * @example
 * // export interface StaffRecord { id?: string; username?: string; roles?: ('admin' | 'finance')[]; … }
 * // export type StaffListInput = { username?: string; current?: number; … };
 */
import type { ApiBinding, AppSchema, Resource } from '../schema';
import { resolveBindingInput, enumsFor } from '../schema/derive';
import { isShapeBaseType, parseReturns, parseShapeType } from '../schema/shape';
import type { LoadedResource, SchemaSet } from './model';
import { HEADER, cmp, pascal, tsKey } from './text';
import { fieldTsType } from './ts-types';

export const recordTypeName = (resource: string) => `${pascal(resource)}Record`;
export const inputTypeName = (resource: string, binding: string) => `${pascal(resource)}${pascal(binding)}Input`;
export const shapeTypeName = (resource: string, shape: string) => `${pascal(resource)}${pascal(shape)}`;

/** Does the record of `resource` (its readable fields) carry 64-bit ids, so that it takes the `Id` parameter? */
function recordUsesId(resource: Resource, enums: AppSchema['enums']): boolean {
  return Object.values(resource.fields ?? {}).some((f) => !f.writeOnly && /\bId\b/.test(fieldTsType(f, enums, { id: 'Id' })));
}

/** Shape names of `resource` whose properties (directly or through other shapes) carry 64-bit ids. */
function shapesUsingId(resource: Resource, enums: AppSchema['enums']): Set<string> {
  const shapes = resource.shapes ?? {};
  const direct = (name: string): boolean =>
    Object.values(shapes[name]).some((t) => {
      const n = parseShapeType(t).name;
      if (n === 'bigint') return true;
      const f = !isShapeBaseType(n) && !(n in shapes) ? resource.fields?.[n] : undefined;
      return !!f && /\bId\b/.test(fieldTsType(f, enums, { id: 'Id' }));
    });
  const out = new Set(Object.keys(shapes).filter(direct));
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, shape] of Object.entries(shapes)) {
      if (out.has(name)) continue;
      if (Object.values(shape).some((t) => out.has(parseShapeType(t).name))) (out.add(name), (grew = true));
    }
  }
  return out;
}

const BASE_TS: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  money: 'string',
  bigint: 'Id',
  date: 'string',
  datetime: 'string',
  json: 'unknown',
};

/** TS type of a shape property ("trendPoint[]?" → "DashboardTrendPoint<Id>[] | null"). */
function shapePropTsType(resource: Resource, enums: AppSchema['enums'], type: string, usesId: Set<string>): string {
  const { name, list, nullable } = parseShapeType(type);
  let one: string;
  if (isShapeBaseType(name)) one = BASE_TS[name];
  else if (resource.shapes?.[name]) one = shapeTypeName(resource.name, name) + (usesId.has(name) ? '<Id>' : '');
  else one = fieldTsType(resource.fields![name], enums, { id: 'Id' });
  if (list) one = /[ |]/.test(one) ? `(${one})[]` : `${one}[]`;
  return nullable ? `${one} | null` : one;
}

/**
 * TS type of the envelope's data of a binding, with 64-bit ids typed `id` ('string' in the browser,
 * 'Id' inside the generated `<Name>Results<Id>`): its `returns` shape, else what its result kind says.
 */
export function resultTsType(set: SchemaSet, resource: Resource, b: ApiBinding, id = 'string'): string {
  const { enums } = enumsFor(set.app, resource);
  const withId = (name: string, uses: boolean) => (uses && id !== 'string' ? `${name}<${id}>` : name);
  if (b.returns) {
    const { name, list, resource: otherName } = parseReturns(b.returns);
    const other = otherName === undefined ? undefined : set.resources.find((r) => r.resource.name === otherName)?.resource;
    const one = other
      ? withId(recordTypeName(other.name), recordUsesId(other, enumsFor(set.app, other).enums))
      : withId(shapeTypeName(resource.name, name), shapesUsingId(resource, enums).has(name));
    return list ? `${one}[]` : b.result === 'page' ? `Page<${one}>` : one;
  }
  const record = Object.values(resource.fields ?? {}).some((f) => !f.writeOnly)
    ? withId(recordTypeName(resource.name), recordUsesId(resource, enums))
    : 'Record<string, unknown>';
  switch (b.result) {
    case 'page':
      return `Page<${record}>`;
    case 'record':
      return record;
    case 'list':
      return `${record}[]`;
    case 'ok':
      return 'null';
    case 'counts':
      return 'Record<string, number>';
    case 'options':
      return `${withId('Option', true)}[]`;
    case 'config':
      return 'Record<string, unknown>';
    case 'file':
      return 'UploadedFile';
    case 'session':
      return '{ token: string }';
    default:
      return 'unknown';
  }
}

export function genTypes(set: SchemaSet): string {
  const parts: string[] = [];
  for (const lr of sortedResources(set)) parts.push(...resourceTypes(set, lr), '');
  const body = parts.join('\n');
  // the result kinds' own types come from the schema language (declarations only)
  const used = ['Option', 'Page', 'UploadedFile'].filter((t) => new RegExp(`[<(: ]${t}[<[;]`).test(body));
  return [
    HEADER,
    '// Records and result shapes as the browser receives them (ids and money are strings), the input and the result of every API binding.',
    ...(used.length ? [`import type { ${used.join(', ')} } from '../schema';`] : []),
    '',
    body,
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
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
    // what each handler answers, typed from the result kind or the binding's "returns" shape
    const results = handled.map((bname) => [bname, resultTsType(set, resource, resource.api![bname], 'Id')] as const);
    const generic = results.some(([, t]) => /\bId\b/.test(t)) ? '<Id = string>' : '';
    out.push(
      '',
      `/** The data every API binding a ${resource.name} module handles answers, by binding name. */`,
      `export interface ${pascal(resource.name)}Results${generic} {`,
    );
    for (const [bname, t] of results) out.push(`  ${tsKey(bname)}: ${t};`);
    out.push('}');
  }
  const usesId = shapesUsingId(resource, enums);
  for (const [sname, shape] of Object.entries(resource.shapes ?? {}).sort(([a], [b]) => cmp(a, b))) {
    out.push('', `/** Result shape "${sname}" (schemas/${file} "shapes"). */`);
    out.push(`export interface ${shapeTypeName(resource.name, sname)}${usesId.has(sname) ? '<Id = string>' : ''} {`);
    for (const [prop, type] of Object.entries(shape)) out.push(`  ${tsKey(prop)}: ${shapePropTsType(resource, enums, type, usesId)};`);
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
