import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '../test/users';
import type { TestApp } from '../test/helper';
import { createProbeApp } from './test-fixtures/fixture';
import { SHUTDOWN_GRACE_MS } from './app';

let t: TestApp;
let token: string;
let financeToken: string;

beforeAll(async () => {
  t = await createProbeApp();
  await insertUser(t, { username: 'probe_admin', password: 'admin-pass-1', roles: ['admin'] });
  await insertUser(t, { username: 'probe_fin', password: 'fin-pass-1', roles: ['finance'] });
  token = await t.login('probe_admin', 'admin-pass-1');
  financeToken = await t.login('probe_fin', 'fin-pass-1');
}, 180_000);
afterAll(() => t?.close());

const BIG = '1876543210987654321';

describe('validation names the field by its localized title', () => {
  test('minLength in zh-CN and en-US', async () => {
    const zh = await t.post('/api/probe/echo', { username: 'ab' }, { token });
    expect(zh.statusCode).toBe(400);
    expect(zh.data.code).toBe(40000);
    expect(zh.data.msg).toBe('用户名 长度不能少于 3 个字符');
    expect(zh.data.data.errors).toEqual([{ field: 'username', message: '用户名 长度不能少于 3 个字符' }]);
    const en = await t.post('/api/probe/echo', { username: 'ab' }, { token, locale: 'en-US' });
    expect(en.data.msg).toBe('Username must be at least 3 characters');
  });

  test('Accept-Language picks the locale when x-locale is absent', async () => {
    const res = await t.post('/api/probe/echo', {}, { token, headers: { 'accept-language': 'en-GB,en;q=0.9,zh;q=0.5' } });
    expect(res.data.msg).toBe('Username is required');
  });

  test('every bad field is listed, each with its own message', async () => {
    const res = await t.post(
      '/api/probe/echo',
      { username: 'alice', amount: '0.00', colors: ['green'], day: '2024-13-01', count: 11, id: 'abc', extra: 1 },
      { token, locale: 'en-US' },
    );
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.data.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      amount: 'Amount must be at least 0.01',
      colors: 'Colors has an invalid value',
      day: 'Date must be a date (YYYY-MM-DD)',
      count: 'Quantity must be at most 10',
      id: 'ID is not a valid ID',
      extra: 'Unknown parameter: extra',
    });
  });

  test('money above its maximum is refused exactly (no float rounding)', async () => {
    const res = await t.post('/api/probe/echo', { username: 'alice', amount: '1000.01' }, { token });
    expect(res.data.msg).toBe('金额 不能大于 1000.00');
    const ok = await t.post('/api/probe/echo', { username: 'alice', amount: '1000.00' }, { token });
    expect(ok.data.code).toBe(0);
    expect(ok.data.data.input.amount).toBe('1000.00');
  });

  test('a body that is not JSON is a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json', 'x-misi-token': token },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 40000, msg: '请求体不是有效的 JSON', data: null });
  });

  test('optional fields may be cleared with null', async () => {
    const res = await t.post('/api/probe/echo', { username: 'alice', day: null, enabled: null }, { token });
    expect(res.data.code).toBe(0);
    expect(res.data.data.input).toEqual({ username: 'alice', day: null, enabled: null });
  });
});

describe('64-bit ids stay exact through JSON', () => {
  test('a big id sent as a JSON number arrives as its exact digits and goes back out as a number', async () => {
    const payload = `{"username":"alice","id":${BIG}}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/echo', headers: { 'content-type': 'application/json', 'x-misi-token': token }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"id":"${BIG}"`); // the validated input keeps the digit string
    expect(res.body).toContain(`"idAsBigint":${BIG}`); // a bigint is printed as exact number digits
    const newId = /"newId":(\d+)/.exec(res.body)![1];
    expect(BigInt(newId) > 2n ** 53n).toBe(true);
  });

  test('ids as digit strings and small ids as numbers are both accepted', async () => {
    expect((await t.post('/api/probe/echo', { username: 'alice', id: BIG }, { token })).data.data.input.id).toBe(BIG);
    expect((await t.post('/api/probe/echo', { username: 'alice', id: 42 }, { token })).data.data.input.id).toBe('42');
  });
});

describe('query strings', () => {
  test('repeated params become arrays and scalars are coerced', async () => {
    const res = await t.get('/api/probe/search', { token, query: { colors: ['red', 'blue'], enabled: 'false', count: '3', id: BIG } });
    expect(res.data.code).toBe(0);
    expect(res.data.data.input).toEqual({ colors: ['red', 'blue'], enabled: false, count: 3, id: BIG });
  });

  test('a single value of a multi-value param is still an array; empty params are ignored', async () => {
    const res = await t.get('/api/probe/search?colors=red&count=', { token });
    expect(res.data.data.input).toEqual({ colors: ['red'] });
  });

  test('a non-number for an integer param names the field', async () => {
    const res = await t.get('/api/probe/search', { token, query: { count: 'many' }, locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toBe('Quantity must be a whole number');
  });
});

describe('errors', () => {
  test('unknown /api path is a 404 envelope', async () => {
    const res = await t.get('/api/no/such/thing', { token });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ code: 40400, msg: '请求的接口不存在', data: null });
    const post = await t.post('/api/also/missing', {});
    expect(post.statusCode).toBe(404);
    expect(post.data.code).toBe(40400);
  });

  test('an unexpected error is a generic 500 without internals', async () => {
    const res = await t.get('/api/probe/boom', { locale: 'en-US' });
    expect(res.statusCode).toBe(500);
    expect(res.data).toEqual({ code: 50000, msg: 'Internal server error. Please try again later', data: null });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  test('HttpError maps to its status, code and localized message', async () => {
    const res = await t.post('/api/probe/conflict', {});
    expect(res.statusCode).toBe(409);
    expect(res.data).toEqual({ code: 40900, msg: '当前状态不允许此操作', data: null });
  });

  test('a role-restricted binding refuses other roles with 403 naming the role', async () => {
    const refused = await t.get('/api/probe/finance', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.code).toBe(40300);
    expect(refused.data.msg).toContain('财务');
    const allowed = await t.get('/api/probe/finance', { token: financeToken });
    expect(allowed.data).toEqual({ code: 0, msg: 'ok', data: { username: 'probe_fin' } });
  });
});

describe('multipart uploads', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

  test('a real PNG is stored; its key is in the input and in ctx.files', async () => {
    const res = await t.postForm('/api/probe/upload', { username: 'alice' }, { photo: { name: '头像.png', content: PNG, type: 'image/png' } }, { token });
    expect(res.data.code).toBe(0);
    const key = res.data.data.input.photo as string;
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(res.data.data.files.photo).toEqual([{ key, name: '头像.png', mime: 'image/png', size: PNG.length }]);
    const { rows } = await t.db.query<{ path: string; size: number; mime: string }>('SELECT path, size, mime FROM files WHERE key = $1', [key]);
    expect(rows[0]).toMatchObject({ size: PNG.length, mime: 'image/png' });
    expect(existsSync(join(t.dataDir, rows[0].path))).toBe(true);
    expect(rows[0].path).not.toContain('头像'); // the server names files, not the client
  });

  test('a multipart body to a JSON binding is refused as the wrong content type, not as fields missing', async () => {
    const res = await t.postForm('/api/probe/echo', { username: 'alice' }, {}, { token, locale: 'en-US' });
    expect(res.statusCode).toBe(415);
    expect(res.data).toEqual({ code: 41500, msg: 'This API expects a JSON body (Content-Type: application/json)', data: null });
    const zh = await t.postForm('/api/probe/echo', { username: 'alice' }, {}, { token });
    expect(zh.data.msg).toBe('此接口需要 JSON 格式的请求体（Content-Type: application/json）');
  });

  test('a .png name with PDF content is refused, and nothing is stored', async () => {
    const before = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM files');
    const res = await t.postForm(
      '/api/probe/upload',
      { username: 'alice' },
      { photo: { name: 'photo.png', content: PDF, type: 'image/png' } },
      { token, locale: 'en-US' },
    );
    expect(res.statusCode).toBe(415);
    expect(res.data.code).toBe(41500);
    expect(res.data.msg).toContain('Photo');
    const after = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM files');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  test('garbage bytes named .png are refused', async () => {
    const res = await t.postForm(
      '/api/probe/upload',
      { username: 'alice' },
      { photo: { name: 'x.png', content: Buffer.from('GIF89a not really'), type: 'image/png' } },
      { token },
    );
    expect(res.statusCode).toBe(415);
    expect(res.data.msg).toContain('照片');
  });

  test('a PDF goes to a PDF field; an image does not', async () => {
    const ok = await t.postForm('/api/probe/upload', { username: 'alice' }, { scan: { name: 'scan.pdf', content: PDF } }, { token });
    expect(ok.data.code).toBe(0);
    expect(ok.data.data.files.scan[0].mime).toBe('application/pdf');
    const bad = await t.postForm('/api/probe/upload', { username: 'alice' }, { scan: { name: 'scan.png', content: PNG } }, { token });
    expect(bad.statusCode).toBe(415);
  });

  test('a file over the field limit (1 MB) is refused with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const res = await t.postForm('/api/probe/upload', { username: 'alice' }, { photo: { name: 'big.png', content: big } }, { token, locale: 'en-US' });
    expect(res.statusCode).toBe(413);
    expect(res.data.msg).toBe('Photo "big.png" is larger than the 1 MB limit');
  });

  test('invalid form fields are refused and the uploaded file is not kept', async () => {
    const dirBefore = existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')).length : 0;
    const count = async () => (await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM files')).rows[0].n;
    const before = await count();
    const res = await t.postForm('/api/probe/upload', { username: 'x' }, { photo: { name: 'a.png', content: PNG } }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toBe('用户名 长度不能少于 3 个字符');
    expect(await count()).toBe(before);
    const dirAfter = existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')).length : 0;
    expect(dirAfter).toBe(dirBefore);
  });
});

describe('idempotency', () => {
  test('a repeated key returns the first result and acts once', async () => {
    const headers = { 'idempotency-key': 'pay-0001-abcdef' };
    const first = await t.post('/api/probe/pay', { id: BIG, amount: '10.00' }, { token, headers });
    const again = await t.post('/api/probe/pay', { id: BIG, amount: '10.00' }, { token, headers });
    expect(first.data.code).toBe(0);
    expect(again.data).toEqual(first.data);
    expect(again.body).toBe(first.body); // bigints come back as exact digits from storage too
    const { rows } = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM probe_payments WHERE target = $1', [BIG]);
    expect(rows[0].n).toBe(1n);
  });

  test('concurrent duplicates still act once', async () => {
    const headers = { 'idempotency-key': 'pay-0002-abcdef' };
    const results = await Promise.all([1, 2, 3, 4].map(() => t.post('/api/probe/pay', { id: '77', amount: '5.00' }, { token, headers })));
    expect(results.every((r) => r.data.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    const { rows } = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM probe_payments WHERE target = 77');
    expect(rows[0].n).toBe(1n);
  });

  test('the same key with a different body is refused with 409', async () => {
    const headers = { 'idempotency-key': 'pay-0003-abcdef' };
    await t.post('/api/probe/pay', { id: '88', amount: '1.00' }, { token, headers });
    const res = await t.post('/api/probe/pay', { id: '88', amount: '2.00' }, { token, headers });
    expect(res.statusCode).toBe(409);
    expect(res.data.code).toBe(40900);
  });

  test('an idempotent binding without the header is refused', async () => {
    const res = await t.post('/api/probe/pay', { id: '99', amount: '1.00' }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toContain('Idempotency-Key');
  });
});

describe('shutdown', () => {
  test('a client socket left open does not hold the close beyond the grace', async () => {
    const other = await createProbeApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as { port: number };
    // one socket that never sends a request, one kept alive after an answered request
    const silent = connect(port, '127.0.0.1');
    const kept = connect(port, '127.0.0.1');
    await Promise.all([once(silent, 'connect'), once(kept, 'connect')]);
    kept.write('GET /api/public/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await once(kept, 'data');
    const began = Date.now();
    await other.close();
    expect(Date.now() - began).toBeLessThan(SHUTDOWN_GRACE_MS + 3_000);
    silent.destroy();
    kept.destroy();
  }, 60_000);
});

describe('a request the HTTP parser refuses', () => {
  test('headers or a URL over 16 KB answer 431 in the envelope, naming the limit', async () => {
    const other = await createProbeApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as { port: number };
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/public/health?q=${'x'.repeat(100_000)}`);
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({ code: 40000, msg: '请求的地址或请求头过长（合计不能超过 16 KB）', data: null });
    } finally {
      await other.close();
    }
  }, 60_000);
});
