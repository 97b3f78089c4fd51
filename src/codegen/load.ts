/**
 * Reads the schema folder and the locale sources from disk. Parsing here is lenient (JSON.parse);
 * strict checks with positions are the validator's job, which runs first.
 *
 * @example
 * const files = readSchemaFiles('/repo'); // [{ path: 'schemas/app.json', text: '{…}' }, …]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppSchema, Resource } from '../schema';
import type { LocaleMessages, SchemaSet } from './model';
import { cmp } from './text';

export interface SourceFile {
  /** path relative to the project root, with forward slashes: "schemas/staff.json" */
  path: string;
  text: string;
}

/** schemas/app.json first, then every other schemas/*.json sorted by name. */
export function readSchemaFiles(root: string): SourceFile[] {
  const dir = join(root, 'schemas');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort((a, b) => (a === 'app.json' ? -1 : b === 'app.json' ? 1 : cmp(a, b)));
  return names.map((n) => ({ path: `schemas/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}

/** Every locales/<locale>/<ns>.json, sorted by locale then file. */
export function readLocaleFiles(root: string): SourceFile[] {
  const dir = join(root, 'locales');
  if (!existsSync(dir)) return [];
  const out: SourceFile[] = [];
  for (const locale of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort(cmp)) {
    for (const n of readdirSync(join(dir, locale))
      .filter((f) => f.endsWith('.json'))
      .sort(cmp)) {
      out.push({ path: `locales/${locale}/${n}`, text: readFileSync(join(dir, locale, n), 'utf8') });
    }
  }
  return out;
}

/** The server's own source files (server/**\/*.ts without tests), for the message key scan. */
export function readServerSources(root: string): SourceFile[] {
  const dir = join(root, 'server');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((n) => n.split('\\').join('/'))
    .filter((n) => /\.tsx?$/.test(n) && !/\.(test|testkit)\.tsx?$|(^|\/)(test|test-fixtures)\/|(^|\/)test-?kit\.ts$/.test(n) && !n.endsWith('.d.ts'))
    .sort(cmp)
    .map((n) => ({ path: `server/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}

/** The browser's own source files (src/**\/*.ts(x) without src/generated and tests), for the services scan. */
export function readClientSources(root: string): SourceFile[] {
  const dir = join(root, 'src');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((n) => n.split('\\').join('/'))
    .filter(
      (n) =>
        /\.tsx?$/.test(n) &&
        !n.startsWith('generated/') &&
        !/\.(test|testkit)\.tsx?$|(^|\/)(testing|test-kit|test-wrap)\.tsx?$/.test(n) &&
        !n.endsWith('.d.ts'),
    )
    .sort(cmp)
    .map((n) => ({ path: `src/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}

/** Parsed schema set from already validated files. */
export function toSchemaSet(files: SourceFile[]): SchemaSet {
  const app = files.find((f) => f.path === 'schemas/app.json');
  if (!app) throw new Error('schemas/app.json is missing');
  return {
    app: JSON.parse(app.text) as AppSchema,
    resources: files.filter((f) => f !== app).map((f) => ({ file: f.path.slice('schemas/'.length), resource: JSON.parse(f.text) as Resource })),
  };
}

/** Flat messages per locale, merged over the namespace files. */
export function toLocaleMessages(files: SourceFile[]): LocaleMessages {
  const out: LocaleMessages = {};
  for (const f of files) {
    const locale = f.path.split('/')[1];
    Object.assign((out[locale] ??= {}), JSON.parse(f.text) as Record<string, string>);
  }
  return out;
}
