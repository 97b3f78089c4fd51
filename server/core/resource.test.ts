/**
 * The resource layer through HTTP, on a plain CRUD resource whose module is a dozen lines
 * (test-fixtures/notice.json + notice-module.ts): required on create, partial update, filters from
 * the search modes, the sort whitelist, paging, the wire format, 404 — and the scope hook.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authModule } from '../modules/auth';
import { createTestApp, type TestApp } from '../test/helper';
import { insertUser } from '../test/users';
import { LOCALES_DIR, SCHEMAS_DIR } from './paths';
import { noticeModule, notices } from './test-fixtures/notice-module';

const FIXTURES = join(import.meta.dirname, 'test-fixtures');
let t: TestApp;
let dir: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'notice-fixture-'));
  mkdirSync(join(dir, 'schemas'));
  for (const f of ['app.json', 'auth.json']) cpSync(join(SCHEMAS_DIR, f), join(dir, 'schemas', f));
  cpSync(join(FIXTURES, 'notice.json'), join(dir, 'schemas', 'notice.json'));
  cpSync(LOCALES_DIR, join(dir, 'locales'), { recursive: true });
  cpSync(join(FIXTURES, 'locales'), join(dir, 'locales'), { recursive: true });
  t = await createTestApp({ modules: [authModule, noticeModule], schemasDir: join(dir, 'schemas'), localesDir: join(dir, 'locales'), seed: false });
  await t.db.query(`CREATE TABLE notices (
    id int8 PRIMARY KEY, title text NOT NULL, body text NOT NULL, status text NOT NULL DEFAULT 'enabled',
    views int4 NOT NULL DEFAULT 0, author_id int8, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`);
  await insertUser(t, { username: 'notice_admin', password: 'admin-pass-1', roles: ['admin'] });
  token = await t.login('notice_admin', 'admin-pass-1');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const save = (body: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN') => t.post('/api/notice/save', body, { token, locale });
const count = async () => Number((await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM notices')).rows[0].n);

describe('create', () => {
  test('a required field left out is a 400 naming it, in the request locale, and nothing is written', async () => {
    const before = await count();
    const zh = await save({ title: '停电通知' });
    expect(zh.statusCode).toBe(400);
    expect(zh.data).toMatchObject({ code: 40000, msg: '请填写「正文」' });
    const en = await save({ body: 'x' }, 'en-US');
    expect(en.data.msg).toBe('"Title" is required');
    expect(await count()).toBe(before);
  });

  test('creates with the schema default, answers the record as the wire carries it', async () => {
    const r = await save({ title: '五一放假安排', body: '5月1日至5日放假' });
    expect(r.statusCode).toBe(200);
    const rec = r.data.data;
    expect(rec).toMatchObject({ title: '五一放假安排', body: '5月1日至5日放假', status: 'enabled', views: 0 });
    expect(rec.id).toMatch(/^\d{15,19}$/); // a snowflake, exact (json-bigint gives long ids as strings)
    expect(rec.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rec).not.toHaveProperty('updated_at');
  });
});

describe('update', () => {
  test('changes only the fields sent; a required field may be left out but not cleared', async () => {
    const created = (await save({ title: '旧标题', body: '正文不变' })).data.data;
    const r = await save({ id: created.id, title: '新标题' });
    expect(r.data.data).toMatchObject({ id: created.id, title: '新标题', body: '正文不变', status: 'enabled' });
    const cleared = await save({ id: created.id, body: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.data.msg).toBe('请填写「正文」');
    expect((await t.get('/api/notice/get', { token, query: { id: created.id } })).data.data.body).toBe('正文不变');
  });

  test('an id that does not exist is a 404, never a 500', async () => {
    const r = await save({ id: '1234567890123456789', title: 'x' });
    expect(r.statusCode).toBe(404);
    expect(r.data.msg).toBe('记录不存在');
    expect((await t.get('/api/notice/get', { token, query: { id: '42' }, locale: 'en-US' })).data.msg).toBe('Record not found');
  });
});

describe('list', () => {
  beforeAll(async () => {
    await t.db.query('DELETE FROM notices');
    const rows: [string, string, string][] = [
      ['A 100% 折扣', 'enabled', '2026-01-01T00:00:00Z'],
      ['b 普通通知', 'disabled', '2026-01-02T00:00:00Z'],
      ['C 100 元', 'enabled', '2026-01-03T00:00:00Z'],
    ];
    for (const [title, status, at] of rows) {
      await t.db.query(`INSERT INTO notices (id, title, body, status, views, created_at) VALUES ($1, $2, 'x', $3, $4, $5)`, [
        t.nextId(),
        title,
        status,
        title.length,
        at,
      ]);
    }
  });
  const list = async (query: Record<string, string | number>) => (await t.get('/api/notice/list', { token, query })).data.data;

  test('pages newest first with the total', async () => {
    const p = await list({ pageSize: 2 });
    expect(p).toMatchObject({ total: 3, current: 1, pageSize: 2 });
    expect(p.list.map((r: any) => r.title)).toEqual(['C 100 元', 'b 普通通知']);
    expect((await list({ pageSize: 2, current: 2 })).list.map((r: any) => r.title)).toEqual(['A 100% 折扣']);
  });

  test('strings match by substring, ignoring case, with % taken literally; enums exactly; ranges inclusive', async () => {
    expect((await list({ title: '100%' })).list.map((r: any) => r.title)).toEqual(['A 100% 折扣']);
    expect((await list({ title: 'B' })).list.map((r: any) => r.title)).toEqual(['b 普通通知']);
    expect((await list({ status: 'enabled' })).total).toBe(2);
    const range = await list({ createdAtFrom: '2026-01-02T00:00:00Z', createdAtTo: '2026-01-03T00:00:00Z' });
    expect(range.list.map((r: any) => r.title)).toEqual(['C 100 元', 'b 普通通知']);
  });

  test('an id search matches exactly; a value that is no id is a 400 naming the field, never a 500', async () => {
    const [one] = (await t.db.query<{ id: bigint }>(`UPDATE notices SET author_id = 9007199254740993 WHERE title LIKE 'C%' RETURNING id`)).rows;
    const p = await list({ authorId: '9007199254740993' });
    expect(p.list.map((r: any) => [r.id, r.authorId])).toEqual([[String(one.id), '9007199254740993']]);
    const bad = await t.get('/api/notice/list', { token, query: { authorId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toBe('作者 不是有效的编号');
  });

  test('sorts by a sortable field only; anything else keeps the default order', async () => {
    expect((await list({ sortField: 'views', sortOrder: 'ascend' })).list.map((r: any) => r.views)).toEqual([6, 7, 9]);
    expect((await list({ sortField: 'body', sortOrder: 'ascend' })).list.map((r: any) => r.title)).toEqual(['C 100 元', 'b 普通通知', 'A 100% 折扣']);
  });

  test('a scope is one more condition on every read: list, count, get', async () => {
    const enabledOnly = { scope: (w: any, a: string) => w.add(`${a}.status = 'enabled'`) };
    const page = await notices.list(t.db, {}, enabledOnly);
    expect(page.list.map((r: any) => r.title)).toEqual(['C 100 元', 'A 100% 折扣']);
    expect(await notices.count(t.db, { title: '通知' }, enabledOnly)).toBe(0);
    const hidden = (await t.db.query<{ id: bigint }>(`SELECT id FROM notices WHERE status = 'disabled'`)).rows[0].id;
    expect(await notices.find(t.db, hidden, enabledOnly)).toBeNull();
    expect(await notices.find(t.db, hidden)).toMatchObject({ title: 'b 普通通知', id: hidden });
  });
});
