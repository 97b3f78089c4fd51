import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { formatDiagnostic } from './diagnostics';
import { generateAll } from './generate';
import { readClientSources, readLocaleFiles, readSchemaFiles } from './load';
import { staleFiles } from './cli';
import { validateProject } from './validate';

// The committed src/generated, schemas/meta and public/locales must be what `npm run gen` would
// write now: a schema or locale edit without regenerating fails here. (Server handlers are checked
// by `npm run schemas`, which may import the server; this test may not.)
const root = join(import.meta.dirname, '..', '..');

test('committed generated files equal what npm run gen writes now', () => {
  const result = validateProject({ schemaFiles: readSchemaFiles(root), localeFiles: readLocaleFiles(root), handlers: null });
  expect(result.diagnostics.map(formatDiagnostic), 'npm run schemas reports errors, so gen cannot run').toEqual([]);
  const files = generateAll(result.set!, result.messages!, readClientSources(root));
  const outOfDate = Object.entries(files)
    .filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text)
    .map(([path]) => path);
  expect(outOfDate, 'run npm run gen and commit the result').toEqual([]);
  expect(staleFiles(root, files), 'files gen no longer writes (npm run gen deletes them)').toEqual([]);
});
