/**
 * `npm run schemas -- validate`: every schema and locale file, checked alone (strict JSON, the
 * meta-schema) and together (names, i18n keys, routes, bindings, server handlers).
 *
 * @example
 * const r = validateProject({ schemaFiles, localeFiles, handlers: null });
 * r.diagnostics.map(formatDiagnostic) // ["schemas/staff.json:12:7  /list/colums  unknown property \"colums\" (did you mean \"columns\"?)"]
 */
import { isTimeZone, type AppSchema, type Resource } from '../schema';
import type { CheckContext, HandlerIndex, ResourceFile } from './check-context';
import { checkBulkActions } from './check-bulk';
import { checkFieldRules } from './check-fields';
import { checkGlobal } from './check-global';
import { checkLocales, type KeyUsesOfFile } from './check-i18n';
import { APP_SCHEMA_REF, checkResource } from './check-resource';
import { sortDiagnostics, uniqueDiagnostics, type Diagnostic } from './diagnostics';
import { i18nKeysIn } from './i18n-usage';
import { parseJsonFile, type JsonFile } from './json-file';
import type { SourceFile } from './load';
import { metaErrors } from './meta-errors';
import { checkServerKeys } from './server-keys';
import { APP_META, RESOURCE_META } from './meta-schema';
import type { LocaleMessages, SchemaSet } from './model';

export interface ValidateInput {
  /** schemas/app.json and schemas/<resource>.json */
  schemaFiles: SourceFile[];
  /** locales/<locale>/<ns>.json */
  localeFiles: SourceFile[];
  /** handler names per server module; null skips the handler checks */
  handlers: HandlerIndex | null;
  /** whether an @ant-design/icons component exists; absent skips the icon check */
  iconExists?: (name: string) => boolean;
  /** the server's source files, scanned for the message keys it sends; absent skips that check */
  serverSources?: SourceFile[];
}

export interface ValidateResult {
  diagnostics: Diagnostic[];
  /** number of schema files checked */
  fileCount: number;
  /** the parsed set and merged messages, when there is no error */
  set?: SchemaSet;
  messages?: LocaleMessages;
}

const DEFAULT_LOCALES = ['zh-CN', 'en-US'];

export function validateProject(input: ValidateInput): ValidateResult {
  const out: Diagnostic[] = [];
  const parsed: JsonFile[] = [];
  for (const f of input.schemaFiles) {
    const r = parseJsonFile(f.path, f.text);
    out.push(...r.diagnostics);
    if (r.ok) parsed.push(r.file);
  }
  const appFile = parsed.find((f) => f.path === 'schemas/app.json') ?? null;
  if (!input.schemaFiles.some((f) => f.path === 'schemas/app.json')) {
    out.push({ file: 'schemas/app.json', line: 1, col: 1, pointer: '', message: 'schemas/app.json is missing (the app settings, roles, enums and dicts)' });
  }

  let appOk = false;
  const resources: ResourceFile[] = [];
  const known: ResourceFile[] = [];
  const uses: KeyUsesOfFile[] = [];
  const partial: PartialResource[] = [];
  for (const file of parsed) {
    const isApp = file === appFile;
    const meta = isApp ? APP_META : RESOURCE_META;
    const errors = metaErrors(file, meta);
    out.push(...errors);
    uses.push({ file, uses: i18nKeysIn(meta, file.data) });
    if (isApp) {
      appOk = errors.length === 0;
      const d = file.data as Record<string, unknown> | null;
      if (d && typeof d === 'object' && d.$schema !== APP_SCHEMA_REF) {
        out.push(file.error('/$schema', `"$schema" must be "${APP_SCHEMA_REF}" (editors then check and complete the file)`));
      }
      if (d && typeof d.timeZone === 'string' && d.timeZone && !isTimeZone(d.timeZone)) {
        out.push(file.error('/timeZone', `"${d.timeZone}" is not an IANA time zone (e.g. "Asia/Shanghai")`));
      }
    } else {
      if (errors.length === 0) resources.push({ file, res: file.data as Resource });
      else {
        const part = validPart(file, errors);
        if (part) partial.push(part);
      }
      const lenient = errors.length === 0 ? (file.data as Resource) : lenientResource(file.data);
      if (lenient) known.push({ file, res: lenient });
    }
  }

  const rawApp = (appFile?.data && typeof appFile.data === 'object' ? appFile.data : {}) as Partial<AppSchema>;
  const app: Partial<AppSchema> = appOk ? rawApp : safeApp(rawApp);
  const unreadable = parsed.length < input.schemaFiles.length;
  const ctx: CheckContext = { app, appFile, resources, known, handlers: input.handlers, iconExists: input.iconExists, out, unreadable };
  for (const rf of resources) {
    checkResource(ctx, rf);
    checkFieldRules(ctx, rf);
    checkBulkActions(ctx, rf);
  }
  // A file with schema-language errors still gets its cross-reference checks, on the part that is
  // valid, so one run reports every mistake; what follows from a removed part is left out.
  for (const p of partial) {
    const own: Diagnostic[] = [];
    const sub: CheckContext = { ...ctx, out: own };
    try {
      checkResource(sub, { file: p.file, res: p.res });
      checkFieldRules(sub, { file: p.file, res: p.res });
      checkBulkActions(sub, { file: p.file, res: p.res });
    } catch {
      // the removed parts left a shape the checks cannot read: the schema errors stand alone
      continue;
    }
    out.push(
      ...own.filter((d) => !p.removed.some((r) => d.pointer === r || d.pointer.startsWith(`${r}/`)) && !p.names.some((n) => d.message.includes(`"${n}"`))),
    );
  }
  checkGlobal(ctx);

  const localeFiles: JsonFile[] = [];
  for (const f of input.localeFiles) {
    const r = parseJsonFile(f.path, f.text);
    out.push(...r.diagnostics);
    if (r.ok) localeFiles.push(r.file);
  }
  const codes = appOk ? app.i18n!.locales.map((l) => l.code) : DEFAULT_LOCALES;
  const messages = checkLocales(localeFiles, codes, uses, out);
  if (input.serverSources) checkServerKeys(input.serverSources, messages, codes, out);

  const diagnostics = sortDiagnostics(uniqueDiagnostics(out));
  const result: ValidateResult = { diagnostics, fileCount: input.schemaFiles.length };
  if (!diagnostics.length && appFile) {
    result.set = {
      app: appFile.data as AppSchema,
      resources: resources
        .map((r) => ({ file: r.file.path.slice('schemas/'.length), resource: r.res }))
        .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    };
    result.messages = messages;
  }
  return result;
}

/** The registry-relevant parts of an invalid resource file: name, route path and well-formed bindings. */
function lenientResource(data: unknown): Resource | null {
  const d = data as Record<string, any>;
  if (!d || typeof d !== 'object' || typeof d.name !== 'string') return null;
  const res: Resource = { name: d.name };
  if (d.route && typeof d.route.path === 'string') res.route = { path: d.route.path, title: String(d.route.title ?? '') };
  const api = d.api && typeof d.api === 'object' ? Object.entries(d.api as Record<string, any>) : [];
  const bindings = api.filter(([, b]) => b && (b.method === 'GET' || b.method === 'POST') && typeof b.path === 'string');
  if (api.length) res.api = Object.fromEntries(bindings.map(([n, b]) => [n, { method: b.method, path: b.path }]));
  return res;
}

/** Only the parts of an invalid app.json that other checks can still rely on. */
function safeApp(raw: Partial<AppSchema>): Partial<AppSchema> {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
  const enums = Object.fromEntries(Object.entries(obj(raw.enums)).filter(([, e]) => Array.isArray((e as { values?: unknown })?.values))) as AppSchema['enums'];
  const roles = Array.isArray(raw.roles) ? raw.roles.filter((r) => r && typeof r.value === 'string') : [];
  return { enums, dicts: obj(raw.dicts) as AppSchema['dicts'], roles };
}

interface PartialResource {
  file: JsonFile;
  res: Resource;
  /** pointers of the parts removed for not fitting the schema language */
  removed: string[];
  /** names of removed sections, fields, bindings, forms, actions and enums (what follows from their removal is not reported) */
  names: string[];
}

const NAME_TABLES = new Set(['fields', 'api', 'forms', 'actions', 'enums']);

/**
 * The file without the parts the meta-schema refuses: each refused value is removed (an array item
 * takes its whole array with it, so no index shifts), until what is left fits, or nothing sensible is.
 */
function validPart(file: JsonFile, errors: Diagnostic[]): PartialResource | null {
  let data: unknown = structuredClone(file.data);
  const removed: string[] = [];
  let errs = errors;
  for (let round = 0; round < 8 && errs.length; round++) {
    for (const e of errs) {
      const at = removeAt(data, e.pointer);
      if (at === null) return null;
      removed.push(at);
    }
    errs = metaErrors({ ...file, data }, RESOURCE_META);
  }
  if (errs.length) return null;
  // a removed section ("list") or named entry (a field, binding, form, action, enum)
  const names = removed
    .map((p) => p.split('/'))
    .filter((seg) => seg.length === 2 || (seg.length === 3 && NAME_TABLES.has(seg[1])))
    .map((seg) => seg[seg.length - 1].replace(/~1/g, '/').replace(/~0/g, '~'));
  return { file, res: data as Resource, removed, names };
}

/** Removes the value at a JSON pointer (or the array holding it); the pointer removed, null for the root. */
function removeAt(root: unknown, pointer: string): string | null {
  const segs = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const parents: unknown[] = [root];
  for (const s of segs.slice(0, -1)) {
    const cur = parents[parents.length - 1] as Record<string, unknown> | null;
    if (!cur || typeof cur !== 'object' || !(s in cur)) return pointer; // already gone
    parents.push(cur[s]);
  }
  let depth = segs.length;
  // an array item: remove the nearest enclosing object property instead
  while (depth > 0 && Array.isArray(parents[depth - 1])) depth--;
  if (depth === 0) return null;
  const holder = parents[depth - 1] as Record<string, unknown>;
  if (holder && typeof holder === 'object') delete holder[segs[depth - 1]];
  return (
    '/' +
    segs
      .slice(0, depth)
      .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/')
  );
}
