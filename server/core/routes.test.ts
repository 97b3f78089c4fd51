import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Resource } from '../../src/schema';
import { buildApp } from './app';
import type { Db } from './contract';
import { loadI18n } from './i18n';
import { LOCALES_DIR, SCHEMAS_DIR } from './paths';
import { loadSchemas } from './schemas';
import { probeModule } from './test-fixtures/probe-module';
import { createValidation, type InputSource } from './validation';

// Start-up checks fail before the database is touched, so no database is needed here.
const noDb = {} as Db;
const app = loadSchemas(SCHEMAS_DIR, []).app;
const probe = JSON.parse(readFileSync(join(__dirname, 'test-fixtures', 'probe.json'), 'utf8')) as Resource;

test('a binding without a handler stops the start, naming the binding and the fix', async () => {
  const { boom: _omitted, ...handlers } = probeModule.handlers;
  await expect(
    buildApp({ db: noDb, dataDir: '/tmp', modules: [{ resource: 'probe', handlers }], schemas: { app, resources: [probe] }, staticDir: false }),
  ).rejects.toThrow('probe.api.boom (GET /api/probe/boom) has no handler: add "boom" to the handlers of server/modules/probe');
});

test('a resource with bindings but no module stops the start', async () => {
  await expect(buildApp({ db: noDb, dataDir: '/tmp', modules: [], schemas: { app, resources: [probe] }, staticDir: false })).rejects.toThrow(
    'no server module for resource "probe" is listed in server/modules/index.ts',
  );
});

test('a handler with no binding, or a module with no schema, stops the start', async () => {
  await expect(
    buildApp({
      db: noDb,
      dataDir: '/tmp',
      modules: [{ ...probeModule, handlers: { ...probeModule.handlers, stray: async () => null } }],
      schemas: { app, resources: [probe] },
      staticDir: false,
    }),
  ).rejects.toThrow('server module "probe" has handlers with no API binding in schemas/probe.json: stray');
  await expect(
    buildApp({
      db: noDb,
      dataDir: '/tmp',
      modules: [probeModule, { resource: 'ghost', handlers: {} }],
      schemas: { app, resources: [probe] },
      staticDir: false,
    }),
  ).rejects.toThrow('server module "ghost" has no schema: add schemas/ghost.json');
});

test('two bindings on the same route stop the start', async () => {
  const twin: Resource = { name: 'twin', kind: 'service', api: { again: { method: 'GET', path: 'probe/boom' } } };
  await expect(
    buildApp({
      db: noDb,
      dataDir: '/tmp',
      modules: [probeModule, { resource: 'twin', handlers: { again: async () => null } }],
      schemas: { app, resources: [probe, twin] },
      staticDir: false,
    }),
  ).rejects.toThrow('twin.api.again (GET /api/probe/boom) and probe.api.boom (GET /api/probe/boom) declare the same route');
});

test('a malformed schema file is refused with its file name and place', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  try {
    copyFileSync(join(SCHEMAS_DIR, 'app.json'), join(dir, 'app.json'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ name: 'bad', api: { a: { method: 'PUT', path: 'x' } } }));
    expect(() => loadSchemas(dir)).toThrow('schemas/bad.json at /api/a/method: ');
    writeFileSync(join(dir, 'bad.json'), '{ "name": ');
    expect(() => loadSchemas(dir)).toThrow('schemas/bad.json is not valid JSON');
    expect(() => loadSchemas(join(dir, 'nowhere'))).toThrow('schemas/app.json is missing');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every binding of the real schemas gets a working validator for each way it can be called', () => {
  const real = loadSchemas(SCHEMAS_DIR);
  const validation = createValidation(real.app, loadI18n(LOCALES_DIR));
  let compiled = 0;
  for (const r of real.resources) {
    for (const [name, b] of Object.entries(r.api ?? {})) {
      const sources: InputSource[] = b.method === 'GET' ? ['query'] : b.multipart ? ['json', 'form'] : ['json'];
      for (const source of sources) {
        expect(() => validation.compile(r, name, source), `${r.name}.${name} (${source})`).not.toThrow();
        compiled++;
      }
    }
  }
  expect(compiled).toBeGreaterThan(10);
});
