import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authModule } from '../modules/auth';
import { systemModule } from '../modules/system';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
let dist: string;
const JS = 'console.log("console entry");'.repeat(50);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js.gz'), gzipSync(JS));
  writeFileSync(join(dist, 'locales', 'zh-CN.json'), '{"app.title":"派单管理后台"}');
  t = await createTestApp({ modules: [authModule, systemModule], resources: ['auth', 'system'], staticDir: dist, seed: false });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

test('hashed assets: immutable for a year, brotli or gzip twin when accepted', async () => {
  const br = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.rawPayload.equals(brotliCompressSync(JS))).toBe(true);
  const gz = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(JS);
});

test('index.html and client routes: the app shell, never cached', async () => {
  for (const url of ['/', '/order', '/merchant?status=1', '/index.html']) {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('<div id="root">');
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
});

test('locale files are served; missing assets are real 404s, not HTML', async () => {
  const loc = await t.app.inject({ url: '/locales/zh-CN.json' });
  expect(loc.statusCode).toBe(200);
  expect(JSON.parse(loc.body)['app.title']).toBe('派单管理后台');
  expect((await t.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
  expect((await t.app.inject({ url: '/locales/xx-XX.json' })).statusCode).toBe(404);
});

test('API paths still answer with envelopes', async () => {
  expect((await t.get('/api/public/health')).data.code).toBe(0);
  const missing = await t.get('/api/public/nothing');
  expect(missing.statusCode).toBe(404);
  expect(missing.data.code).toBe(40400);
});
