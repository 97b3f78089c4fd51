import { afterAll, beforeAll, expect, test } from 'vitest';
import { normalizePath } from '../../../src/schema';
import { loadSchemas } from '../../core/schemas';
import { createTestApp, type TestApp } from '../../test/helper';

// The whole app, as `npm start` serves it: every schema resource with its module.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

test('health is public and reports ok', async () => {
  const res = await t.get('/api/public/health');
  expect(res.statusCode).toBe(200);
  expect(res.data).toEqual({ code: 0, msg: 'ok', data: { status: 'ok' } });
});

test('openapi.json is OpenAPI 3.1 and lists every API binding of every schema', async () => {
  const res = await t.get('/api/public/openapi.json');
  expect(res.statusCode).toBe(200);
  const doc = JSON.parse(res.body);
  expect(doc.openapi).toMatch(/^3\.1\./);
  const { app, resources } = loadSchemas(new URL('../../../schemas', import.meta.url).pathname);
  const missing: string[] = [];
  let count = 0;
  for (const r of resources) {
    for (const [name, b] of Object.entries(r.api ?? {})) {
      count++;
      const path = app.request.prefix + normalizePath(b.path);
      if (!doc.paths?.[path]?.[b.method.toLowerCase()]) missing.push(`${r.name}.${name} ${b.method} ${path}`);
    }
  }
  expect(count).toBeGreaterThan(4);
  expect(missing).toEqual([]);
});
