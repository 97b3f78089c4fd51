/**
 * src/generated/services.ts: one typed function per API binding that the browser's own code calls by
 * name — and no other. The renderer performs the bindings of schema-driven screens from the schema at
 * run time (one renderer), so a function for every binding would be code nothing runs. Which ones are
 * called is read from the sources (`usedServices`: the names imported from `generated/services` under
 * src/, tests left out; named imports only, not `import * as`), the way the server's message keys are: importing a name that is not generated
 * yet fails to compile until `npm run gen` adds it, and a function no screen imports any more is deleted
 * by the next gen (`gen --check` in `npm test` keeps the two in step).
 *
 * Each function takes the runtime's `call` (useRuntime().call), so it runs through the same request
 * layer, hooks and test fakes as every other call:
 *
 * @example
 * // export function dashboardPerformance<O>(call: Call<O>, input?: DashboardPerformanceInput, options?: O): Promise<DashboardPerformance> {
 * //   return call({ method: 'GET', path: '/analytics/performance', … }, input, options);
 * // }
 */
import { resolveBindingInput } from '../schema/derive';
import { inputTypeName, resultTsType, sortedResources } from './gen-types';
import type { SourceFile } from './load';
import type { SchemaSet } from './model';
import { HEADER, camel, cmp, sortDeep, tsKey } from './text';

/** `import { a, b as c, type T } from '…/generated/services'` anywhere in `sources`: the value names a, b. */
export function usedServices(sources: SourceFile[]): Set<string> {
  const out = new Set<string>();
  const IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"][./]*(?:src\/)?generated\/services['"]/g;
  for (const f of sources) {
    for (const m of f.text.matchAll(IMPORT)) {
      if (m[1]) continue; // `import type { … }` names no function
      for (const part of m[2].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) out.add(name);
      }
    }
  }
  return out;
}

/** The services file, or null when no source calls any binding by name (then there is no file). */
export function genServices(set: SchemaSet, used: Set<string>): string | null {
  const typeImports = new Set<string>();
  const fns: string[] = [];
  const seen = new Map<string, string>();
  for (const { resource } of sortedResources(set)) {
    for (const bname of Object.keys(resource.api ?? {}).sort(cmp)) {
      const b = resource.api![bname];
      const fn = camel(resource.name, bname);
      const prev = seen.get(fn);
      if (prev) throw new Error(`generated function name "${fn}" is used by ${prev} and ${resource.name}.${bname}; rename one binding`);
      seen.set(fn, `${resource.name}.${bname}`);
      if (!used.has(fn)) continue;
      const input = inputTypeName(resource.name, bname);
      const result = resultTsType(set, resource, b);
      for (const t of result.match(/\b[A-Z]\w*/g) ?? []) if (t !== 'Record') typeImports.add(t);
      typeImports.add(input);
      const optional = resolveBindingInput(resource, b).every((p) => !p.required);
      fns.push(
        `/** ${b.method} ${b.path}${b.roles?.length ? ` — roles: ${b.roles.join(', ')}` : ''}${b.public ? ' — public' : ''} (${resource.name}.${bname}) */`,
        `export function ${fn}<O>(call: Call<O>, input${optional ? '?' : ''}: ${input}, options?: O): Promise<${result}> {`,
        `  return call(${tsLiteral(sortDeep(b), 2)}, input, options);`,
        '}',
        '',
      );
    }
  }
  if (!fns.length) return null;
  const schemaTypes = ['Option', 'Page', 'UploadedFile'].filter((t) => typeImports.delete(t));
  return [
    HEADER,
    `import type { ${['ApiBinding', ...schemaTypes].join(', ')} } from '../schema';`,
    ...(typeImports.size
      ? [
          `import type {\n${[...typeImports]
            .sort(cmp)
            .map((t) => `  ${t},`)
            .join('\n')}\n} from './types';`,
        ]
      : []),
    '',
    "/** The runtime's `call` (useRuntime().call): performs one binding and resolves with the envelope's data. */",
    'type Call<O> = <T>(binding: ApiBinding, input?: Record<string, unknown>, options?: O) => Promise<T>;',
    '',
    fns.join('\n'),
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
