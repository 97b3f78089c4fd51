/**
 * The schema CLI: `validate` (default) and `gen [--check]`. Generic: the project-specific parts (the
 * server's handler index) come in through `options`, so this file imports only src/schema.
 *
 * @example
 * const code = await runCli(['gen', '--check'], { root: process.cwd(), loadHandlers: async () => null });
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HandlerIndex } from './check-context';
import { formatDiagnostic, summary } from './diagnostics';
import { generateAll, GENERATED_DIRS } from './generate';
import { parseJsonFile } from './json-file';
import { readClientSources, readLocaleFiles, readSchemaFiles, type SourceFile } from './load';
import { validateProject } from './validate';

export interface CliOptions {
  root: string;
  /**
   * handler names per server module; null (with a warning from the caller) skips that check; a load
   * failure is reported as an error of its source file
   */
  loadHandlers: () => Promise<HandlerIndex | null | { source: string; error: string }>;
  log?: (line: string) => void;
  /** the server's source files, scanned (never run) for the message keys it sends; absent skips that check */
  serverSources?: () => SourceFile[];
}

const requireHere = createRequire(import.meta.url);

/** Whether @ant-design/icons has a component module of this name (resolved as the bundler would). */
export function iconExists(name: string): boolean {
  try {
    requireHere.resolve(`@ant-design/icons/${name}`);
    return true;
  } catch {
    return false;
  }
}

const USAGE = 'usage: npm run schemas -- [validate]   |   npm run gen [-- --check]';

export async function runCli(argv: string[], options: CliOptions): Promise<number> {
  const log = options.log ?? ((l: string) => console.log(l));
  const [command = 'validate', ...rest] = argv.filter((a) => a !== '--');
  if (command !== 'validate' && command !== 'gen') {
    log(`unknown command "${command}"\n${USAGE}`);
    return 1;
  }
  const check = rest.includes('--check');
  const unknown = rest.filter((a) => a !== '--check' || command !== 'gen');
  if (unknown.length) {
    log(`unknown option ${unknown.map((a) => `"${a}"`).join(', ')}\n${USAGE}`);
    return 1;
  }

  const root = options.root;
  const schemaFiles = readSchemaFiles(root);
  const localeFiles = readLocaleFiles(root);
  // The server modules import these files: while one is not strict JSON, loading them fails with the
  // bundler's message about the importing module; the file's own line is reported instead.
  const jsonBroken = [...schemaFiles, ...localeFiles].some((f) => {
    const r = parseJsonFile(f.path, f.text);
    return !r.ok || r.diagnostics.some((d) => d.message.startsWith('raw '));
  });
  const loaded = jsonBroken ? null : await options.loadHandlers();
  const failed = loaded && 'error' in loaded ? loaded : null;
  const result = validateProject({
    schemaFiles,
    localeFiles,
    handlers: failed ? null : (loaded as HandlerIndex | null),
    iconExists,
    serverSources: options.serverSources?.(),
  });
  if (failed) {
    result.diagnostics.push({
      file: failed.source,
      line: 1,
      col: 1,
      pointer: '',
      message: `cannot load the server modules to check their handlers: ${failed.error}`,
    });
    delete result.set;
  }
  for (const d of result.diagnostics) log(formatDiagnostic(d));
  log(summary(result.diagnostics, result.fileCount));
  if (result.diagnostics.length || !result.set || !result.messages) return 1;
  if (command === 'validate') return 0;

  const files = generateAll(result.set, result.messages, readClientSources(root));
  const changed = Object.entries(files)
    .filter(([path, text]) => readOrNull(join(root, path)) !== text)
    .map(([p]) => p);
  const stale = staleFiles(root, files);
  if (check) {
    if (!changed.length && !stale.length) {
      log(`generated files are up to date (${Object.keys(files).length} files)`);
      return 0;
    }
    for (const p of changed) log(`would change: ${p}`);
    for (const p of stale) log(`would delete: ${p}`);
    log(`${changed.length + stale.length} generated files are out of date; run npm run gen`);
    return 1;
  }
  for (const p of changed) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), files[p]);
    log(`wrote ${p}`);
  }
  for (const p of stale) {
    rmSync(join(root, p));
    log(`deleted ${p}`);
  }
  log(changed.length || stale.length ? `gen: ${changed.length} written, ${stale.length} deleted` : 'gen: everything up to date');
  return 0;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Files in the generated folders that gen no longer produces (their README.md stays). */
export function staleFiles(root: string, files: Record<string, string>): string[] {
  const out: string[] = [];
  for (const dir of GENERATED_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const name of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      const rel = `${dir}/${name.split('\\').join('/')}`;
      if (rel.endsWith('README.md') || rel in files || statSync(join(root, rel)).isDirectory()) continue;
      out.push(rel);
    }
  }
  return out.sort();
}
