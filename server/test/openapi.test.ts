/**
 * The served OpenAPI document tells the truth (issue 13 point 7): every summary, description and
 * title is text in the default locale (zh-CN) or the one asked for with ?locale=; responses that are
 * not the JSON envelope declare their real type, and answer with it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helper';

type Json = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

const KEY = /^[A-Za-z][\w]*(\.[\w]+)+$/;
const HAN = /\p{Script=Han}/u;

/** Every text an API reader sees: summaries, descriptions, parameter and property titles. */
function texts(doc: Json): string[] {
  const out: string[] = [doc.info.description, doc.components.schemas.Error.description];
  for (const ops of Object.values<Json>(doc.paths)) {
    for (const op of Object.values<Json>(ops)) {
      out.push(op.summary, op.description);
      for (const r of Object.values<Json>(op.responses)) out.push(r.description);
      for (const p of op.parameters ?? []) if (p.description !== undefined || p.in === 'header') out.push(p.description);
      for (const c of Object.values<Json>(op.requestBody?.content ?? {}))
        for (const p of Object.values<Json>(c.schema.properties ?? {})) if (p['x-title']) out.push(p.title);
    }
  }
  for (const s of Object.values<Json>(doc.components.schemas)) for (const p of Object.values<Json>(s.properties ?? {})) if (p['x-title']) out.push(p.title);
  return out;
}

test('summaries and descriptions are Chinese text by default and English with ?locale=en-US', async () => {
  const zh = await t.get('/api/public/openapi.json');
  const en = await t.get('/api/public/openapi.json', { query: { locale: 'en-US' } });
  expect(zh.headers['content-language']).toBe('zh-CN');
  expect(en.headers['content-language']).toBe('en-US');
  const zhTexts = texts(zh.data);
  const enTexts = texts(en.data);
  expect(zhTexts.length).toBeGreaterThan(500);
  expect(zhTexts.filter((s) => typeof s !== 'string' || s === '' || KEY.test(s) || /\bapi\.|openapi\./.test(s))).toEqual([]);
  expect(enTexts.filter((s) => typeof s !== 'string' || s === '' || KEY.test(s) || /\bapi\.|openapi\./.test(s))).toEqual([]);
  expect(zhTexts.filter((s) => !HAN.test(s) && !/^[\w -]+$/.test(s))).toEqual([]); // Chinese, or a bare name/code
  expect(enTexts.filter((s) => HAN.test(s))).toEqual([]);
  const exportZh = zh.data.paths['/api/order/export'].get;
  const exportEn = en.data.paths['/api/order/export'].get;
  expect(exportZh.summary).toBe('导出订单（Excel 文件）');
  expect(exportEn.summary).toBe('Export orders (Excel file)');
  expect(zh.data.paths['/api/order/refund'].post.description).toContain('财务');
  expect(en.data.paths['/api/order/refund'].post.description).toContain('Idempotency-Key');
  // The request's own language does not change the document: one URL, one contract.
  const zhAgain = await t.get('/api/public/openapi.json', { locale: 'en-US' });
  expect(zhAgain.data.paths['/api/order/export'].get.summary).toBe(exportZh.summary);
});

test('a locale that is not a language tag is refused naming the parameter', async () => {
  const res = await t.get('/api/public/openapi.json', { query: { locale: 'x\u0000' }, locale: 'en-US' });
  expect(res.statusCode).toBe(400);
  expect(res.data.msg).toContain('Document language');
});

test('the order export declares and answers an XLSX file; the OAuth callback declares and answers HTML', async () => {
  const doc = (await t.get('/api/public/openapi.json')).data as Json;
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  expect(Object.keys(doc.paths['/api/order/export'].get.responses['200'].content)).toEqual([XLSX]);
  const token = await t.login('admin', 'admin123');
  const file = await t.get('/api/order/export', { token, query: { status: 'pending' } });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe(XLSX);
  expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip container, as XLSX is

  const callback = doc.paths['/api/public/merchantAuth/callback'].get.responses;
  expect(Object.keys(callback['200'].content)).toEqual(['text/html']);
  expect(Object.keys(callback['400'].content)).toEqual(['application/json', 'text/html']);
  const page = await t.get('/api/public/merchantAuth/callback', { query: { state: 'unknown-state', code: 'x' } });
  expect(page.statusCode).toBe(400);
  expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
  expect(page.body).toMatch(/<html/i);
  const envelope = await t.get('/api/public/merchantAuth/callback'); // no state: bad input, the envelope
  expect(envelope.statusCode).toBe(400);
  expect(envelope.data.code).toBe(40000);

  // No operation claims the envelope for what is really a file, a page or an image.
  const raw = Object.entries<Json>(doc.paths).flatMap(([path, ops]) =>
    Object.values<Json>(ops).map((op) => [path, Object.keys(op.responses['200']?.content ?? {})] as const),
  );
  expect(raw.filter(([, types]) => types.length === 0).map(([p]) => p)).toEqual(['/api/public/sandbox/oauth/approve']); // a redirect
  expect(raw.find(([p]) => p === '/api/public/file')?.[1]).toEqual(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);
});
