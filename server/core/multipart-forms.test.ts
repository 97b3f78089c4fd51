import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '../test/users';
import type { TestApp } from '../test/helper';
import { createProbeApp } from './test-fixtures/fixture';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createProbeApp();
  await insertUser(t, { username: 'probe_admin', password: 'admin-pass-1', roles: ['admin'] });
  token = await t.login('probe_admin', 'admin-pass-1');
}, 180_000);
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('an empty part in a multipart body', () => {
  test('clears the field in a partial (edit) binding: null for scalars, [] for multiple fields', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '7', day: '', count: '', colors: '', photo: '' }, {}, { token });
    expect(res.data.code).toBe(0);
    expect(res.data.data.input).toEqual({ id: '7', day: null, count: null, colors: [], photo: null });
  });

  test('a required text field is not cleared by an empty part: 400 naming it', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '7', username: '' }, {}, { token, locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toMatch(/^Username /);
  });

  test('fields not sent stay absent, filled fields are kept', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '7', colors: ['red', 'blue'], count: '3' }, {}, { token });
    expect(res.data.data.input).toEqual({ id: '7', colors: ['red', 'blue'], count: 3 });
  });

  test('the empty-list marker next to real values is dropped (one value stays a list)', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '7', colors: ['', 'blue'] }, {}, { token });
    expect(res.data.data.input).toEqual({ id: '7', colors: ['blue'] });
  });

  test('a file replaces a cleared file field', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '7', photo: '' }, { photo: { name: 'p.png', content: PNG } }, { token });
    expect(res.data.code).toBe(0);
    expect(res.data.data.input.photo).toMatch(/^[a-f0-9]{32}$/);
  });

  test('an empty required part is still refused, naming the field', async () => {
    const res = await t.postForm('/api/probe/edit', { id: '' }, {}, { token, locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toContain('ID');
  });

  test('means "not sent" in a binding that is not partial (add)', async () => {
    const res = await t.postForm('/api/probe/create', { username: 'alice', day: '', count: '', colors: '' }, {}, { token });
    expect(res.data.code).toBe(0);
    expect(res.data.data.input).toEqual({ username: 'alice' });
    const missing = await t.postForm('/api/probe/create', { username: '' }, {}, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.data.msg).toBe('用户名 长度不能少于 3 个字符');
  });
});

describe("the multipart stream's own size limit", () => {
  test('names the field by its title, the file and the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const zh = await t.postForm('/api/probe/create', { username: 'alice' }, { photo: { name: 'big.png', content: big } }, { token });
    expect(zh.statusCode).toBe(413);
    expect(zh.data).toEqual({ code: 41300, msg: '照片“big.png”超过了 10 MB 的大小上限', data: null });
    const en = await t.postForm('/api/probe/create', { username: 'alice' }, { photo: { name: 'big.png', content: big } }, { token, locale: 'en-US' });
    expect(en.data.msg).toBe('Photo "big.png" is larger than the 10 MB limit');
  });

  test('names the part when the binding does not declare it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await t.postForm('/api/probe/create', { username: 'alice' }, { attachment: { name: 'big.png', content: big } }, { token });
    expect(res.statusCode).toBe(413);
    expect(res.data.msg).toBe('attachment“big.png”超过了 10 MB 的大小上限');
  });
});

describe('too many parts', () => {
  test('more than 200 fields are refused as too many fields, not as too many files', async () => {
    const colors = Array.from({ length: 205 }, () => 'red');
    const zh = await t.postForm('/api/probe/edit', { id: '7', colors }, {}, { token });
    expect(zh.statusCode).toBe(413);
    expect(zh.data).toEqual({ code: 41300, msg: '一次最多提交 200 个表单字段', data: null });
    const en = await t.postForm('/api/probe/edit', { id: '7', colors }, {}, { token, locale: 'en-US' });
    expect(en.data.msg).toBe('A form may send at most 200 fields at once');
  });

  test('more than 10 files are refused as too many files', async () => {
    const photos = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, content: PNG }));
    const res = await t.postForm('/api/probe/edit', { id: '7' }, { photo: photos }, { token, locale: 'en-US' });
    expect(res.statusCode).toBe(413);
    expect(res.data.msg).toBe('At most 10 files can be uploaded at once');
  });
});
