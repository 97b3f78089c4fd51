/**
 * src/generated/services.ts: the `bindings` constant (every API binding by resource and name) and
 * one typed function per binding that calls it through the shell's request layer.
 *
 * @example
 * // export function staffList(input?: StaffListInput, options?: CallOptions): Promise<Page<StaffRecord>> {
 * //   return callApi<Page<StaffRecord>>(bindings.staff.list, input, options);
 * // }
 */
import type { ApiBinding } from '../schema';
import { normalizePath, resolveBindingInput } from '../schema/derive';
import { inputTypeName, recordTypeName, sortedResources } from './gen-types';
import type { SchemaSet } from './model';
import { HEADER, camel, cmp, sortDeep, tsKey } from './text';

/** TS type of the envelope's data for a result kind. */
export function resultTsType(b: ApiBinding, record: string): string {
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
      return 'Option[]';
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

export function genServices(set: SchemaSet): string {
  const resources = sortedResources(set).filter((r) => Object.keys(r.resource.api ?? {}).length);
  const typeImports = new Set<string>();
  const fns: string[] = [];
  const seen = new Map<string, string>();
  const bindingLines: string[] = [];
  for (const { resource } of resources) {
    bindingLines.push(`  ${tsKey(resource.name)}: {`);
    for (const bname of Object.keys(resource.api!).sort(cmp)) {
      const b = resource.api![bname];
      bindingLines.push(`    ${tsKey(bname)}: ${tsLiteral(sortDeep(b), 4)},`);
      const fn = camel(resource.name, bname);
      const prev = seen.get(fn);
      if (prev) throw new Error(`generated function name "${fn}" is used by ${prev} and ${resource.name}.${bname}; rename one binding`);
      seen.set(fn, `${resource.name}.${bname}`);
      const record = recordTypeName(resource.name);
      const input = inputTypeName(resource.name, bname);
      const result = resultTsType(b, record);
      if (result.includes(record)) typeImports.add(record);
      typeImports.add(input);
      const params = resolveBindingInput(resource, b);
      const optional = params.every((p) => !p.required);
      fns.push(
        `/** ${b.method} ${normalizePath(b.path)}${b.roles?.length ? ` — roles: ${b.roles.join(', ')}` : ''}${b.public ? ' — public' : ''} */`,
        `export function ${fn}(input${optional ? '?' : ''}: ${input}, options?: CallOptions): Promise<${result}> {`,
        `  return callApi<${result}>(bindings.${resource.name}.${bname}, input, options);`,
        '}',
        '',
      );
    }
    bindingLines.push('  },');
  }
  const all = fns.join('\n');
  const schemaTypes = ['ApiBinding', ...['Option', 'Page', 'UploadedFile'].filter((t) => new RegExp(`\\b${t}\\b`).test(all))];
  return [
    HEADER,
    `import type { ${schemaTypes.join(', ')} } from '../schema';`,
    "import { callApi } from '../shell/request';",
    ...(typeImports.size
      ? [
          `import type {\n${[...typeImports]
            .sort(cmp)
            .map((t) => `  ${t},`)
            .join('\n')}\n} from './types';`,
        ]
      : []),
    '',
    'type CallOptions = Parameters<typeof callApi>[2];',
    '',
    '/** Every API binding, by resource and binding name, exactly as declared in schemas/. */',
    `export const bindings = {${bindingLines.length ? '\n' + bindingLines.join('\n') + '\n' : ''}} satisfies Record<string, Record<string, ApiBinding>>;`,
    '',
    all,
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}

/** A JSON value as a TS literal (single quotes, bare keys), indented for nesting at `indent` spaces. */
function tsLiteral(v: unknown, indent: number): string {
  if (Array.isArray(v)) return `[${v.map((x) => tsLiteral(x, indent)).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (!entries.length) return '{}';
    const flat = `{ ${entries.map(([k, x]) => `${tsKey(k)}: ${tsLiteral(x, indent + 2)}`).join(', ')} }`;
    if (flat.length + indent <= 110) return flat;
    const pad = ' '.repeat(indent + 2);
    return `{\n${entries.map(([k, x]) => `${pad}${tsKey(k)}: ${tsLiteral(x, indent + 2)},`).join('\n')}\n${' '.repeat(indent)}}`;
  }
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return JSON.stringify(v);
}
