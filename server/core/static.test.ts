import { createHash } from 'node:crypto';
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
const INLINE = 'document.documentElement.dataset.boot = "1";';
const INDEX =
  `<!doctype html><html><head><style>.boot{color:red}</style><script>${INLINE}</script>` +
  '<script id="app-preload" type="application/json">{"app":[]}</script><script type="module" src="/assets/index-3f9a1c.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js.gz'), gzipSync(JS));
  writeFileSync(join(dist, 'locales', 'zh-CN.json'), '{"app.title":"派单管理后台"}');
  writeFileSync(join(dist, 'favicon.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
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

test('the site icon is kept a day; locale files are asked again each time', async () => {
  const icon = await t.app.inject({ url: '/favicon.png' });
  expect(icon.statusCode).toBe(200);
  expect(icon.headers['content-type']).toBe('image/png');
  expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  expect((await t.app.inject({ url: '/locales/zh-CN.json' })).headers['cache-control']).toBe('no-cache');
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

test('the console comes with a strict CSP: inline scripts by hash, <style> by a fresh nonce per response', async () => {
  const a = await t.app.inject({ url: '/order' });
  const b = await t.app.inject({ url: '/' });
  const policy = String(a.headers['content-security-policy']);
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(String(b.headers['content-security-policy'])).not.toContain(nonce);
  const hash = createHash('sha256').update(INLINE).digest('base64');
  expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
  // only the script that runs is hashed (JSON data blocks do not run); never unsafe-inline/eval for scripts
  expect(policy.match(/'sha256-/g)).toHaveLength(1);
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(a.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  expect(a.body).toContain(`<style nonce="${nonce}">.boot{color:red}</style>`);
  expect(a.body).toContain(`<script>${INLINE}</script>`);
  // the file as built is never served: it would carry no nonce
  const raw = await t.app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
  expect(raw.body).toContain('<meta property="csp-nonce"');
});

test('every response: nosniff, no framing, a referrer policy; HSTS only over TLS', async () => {
  for (const res of [
    await t.app.inject({ url: '/' }),
    await t.app.inject({ url: '/assets/index-3f9a1c.js' }),
    await t.app.inject({ url: '/api/public/health' }),
  ]) {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
  const proxied = await createTestApp({ modules: [authModule, systemModule], resources: ['auth', 'system'], staticDir: dist, seed: false, trustProxy: true });
  try {
    const tls = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await proxied.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
  } finally {
    await proxied.close();
  }
});

test('CSP violation reports are accepted (204)', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/csp-report',
    headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src-elem', 'blocked-uri': 'inline' } }),
  });
  expect(res.statusCode).toBe(204);
});
