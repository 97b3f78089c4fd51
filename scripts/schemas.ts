/**
 * `npm run schemas -- validate` (default) and `npm run gen [-- --check]`. Thin entry: the generic
 * logic is src/codegen/cli.ts; this file adds what only the project knows — the server's modules,
 * whose handlers must match the schemas' API bindings.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../src/codegen/cli';
import type { HandlerIndex } from '../src/codegen/check-context';
import { readServerSources } from '../src/codegen/load';

const root = join(import.meta.dirname, '..');
const MODULES = 'server/modules/index.ts';

/** Handler names per module, from server/modules/index.ts; null (with a warning) while it does not exist. */
async function loadHandlers(): Promise<HandlerIndex | null | { source: string; error: string }> {
  const path = join(root, MODULES);
  if (!existsSync(path)) {
    console.warn(`warning: ${MODULES} does not exist yet; skipping the server handler checks`);
    return null;
  }
  let mod: { modules?: { resource: string; handlers: Record<string, unknown> }[] };
  try {
    mod = await import(pathToFileURL(path).href);
  } catch (e) {
    return { source: MODULES, error: e instanceof Error ? e.message.split('\n')[0] : String(e) };
  }
  if (!Array.isArray(mod.modules)) return { source: MODULES, error: 'it must export "modules" (an array of ServerModule)' };
  const modules: Record<string, string[]> = {};
  for (const m of mod.modules) modules[m.resource] = [...(modules[m.resource] ?? []), ...Object.keys(m.handlers ?? {})];
  return { source: MODULES, modules };
}

runCli(process.argv.slice(2), { root, loadHandlers, serverSources: () => readServerSources(root) }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // a defect of the CLI itself, never of an input file: one line, no stack trace
    console.error(`schemas CLI failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
