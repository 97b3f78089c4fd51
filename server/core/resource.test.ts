/**
 * The resource layer through HTTP, on a plain CRUD screen whose module is under 15 lines — the worked
 * example of src/codegen/README.md (test-fixtures/notice.json, its two locale files, notice.sql and
 * notice-module.ts): required on create, partial update, filters from the search modes, the sort
 * whitelist, paging, the wire format, detail, delete, 404 — and the scope hook.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authModule } from '../modules/auth';
import { createTestApp, type TestApp } from '../test/helper';
import { insertUser } from '../test/users';
import { formatDiagnostic } from '../../src/codegen/diagnostics';
import { readLocaleFiles, readSchemaFiles } from '../../src/codegen/load';
import { validateProject } from '../../src/codegen/validate';
import { LOCALES_DIR, ROOT_DIR, SCHEMAS_DIR } from './paths';
import { defineResource } from './resource-write';
import { noticeModule, notices } from './test-fixtures/notice-module';
import type { Where } from './sql';
import { KEYSET, type KeysetCursor, type KeysetRead } from './resource';

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
  // the migration a new screen brings (server/migrations/<n>_notice.sql in a real project)
  await t.db.exec(readFileSync(join(FIXTURES, 'notice.sql'), 'utf8'));
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

  test('a one-line text is stored and searched without the white space around it; multi-line text as sent', async () => {
    const r = await save({ title: '  停水通知\t', body: '  第一行\n第二行  ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data.data).toMatchObject({ title: '停水通知', body: '  第一行\n第二行  ' });
    const found = await t.get('/api/notice/list', { token, query: { title: ' 停水通知 ' } });
    expect(found.data.data.list.map((n: { title: string }) => n.title)).toEqual(['停水通知']);
    // white space alone is still refused as blank, not stored as an empty title
    const blank = await save({ title: '   ', body: 'x' }, 'en-US');
    expect(blank.statusCode).toBe(400);
    expect(blank.data.msg).toBe('Title is required');
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
    expect(cleared.data.msg).toBe('正文 不能为空');
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

  test('sorts by a sortable field only; any other sortField is a 400 naming it', async () => {
    expect((await list({ sortField: 'views', sortOrder: 'ascend' })).list.map((r: any) => r.views)).toEqual([6, 7, 9]);
    const other = await t.get('/api/notice/list', { token, query: { sortField: 'body', sortOrder: 'ascend' } });
    expect(other.statusCode).toBe(400);
    expect(other.data.msg).toMatch(/body/);
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

describe('options a module may need', () => {
  const FIXTURE = join(import.meta.dirname, 'test-fixtures');
  const withAuthor = defineResource<Record<string, any>>({
    name: 'notice',
    table: 'notices',
    schemasDir: FIXTURE,
    joins: 'LEFT JOIN users u ON u.id = t.author_id',
    countJoins: '',
    selects: { authorName: 'u.username' },
    nullsLast: true,
    notFoundKey: 'server.recordNotFound',
    toRecord: (rec, row) => ({ ...rec, authorName: row.authorName ?? null }),
  });
  let authorId: bigint;
  beforeAll(async () => {
    await t.db.query('DELETE FROM notices');
    authorId = (await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'notice_admin'`)).rows[0].id;
    const rows: [string, string[], bigint | null][] = [
      ['甲', ['admin'], authorId],
      ['乙', ['finance', 'dispatcher'], null],
      ['丙', [], null],
    ];
    for (const [title, audience, author] of rows) {
      await t.db.query(`INSERT INTO notices (id, title, body, audience, author_id) VALUES ($1, $2, 'x', $3, $4)`, [t.nextId(), title, audience, author]);
    }
  });

  test('selects: a joined column reaches toRecord; countJoins: the count runs without the join', async () => {
    const page = await withAuthor.list(t.db, { sortField: 'authorId', sortOrder: 'descend' });
    expect(page.total).toBe(3);
    expect(page.list[0]).toMatchObject({ title: '甲', authorId, authorName: 'notice_admin' });
    expect(page.list[1].authorName).toBeNull();
  });

  test('nullsLast: rows without the sort value come last in either direction', async () => {
    for (const sortOrder of ['ascend', 'descend']) {
      const titles = (await withAuthor.list(t.db, { sortField: 'authorId', sortOrder })).list.map((r) => r.title);
      expect(titles[0]).toBe('甲');
    }
  });

  test('a sortField that is not sortable is a 400 naming it, on every resource', async () => {
    await expect(withAuthor.list(t.db, { sortField: 'body' })).rejects.toMatchObject({ status: 400, key: 'server.sortField', values: { value: 'body' } });
    const r = await t.get('/api/notice/list', { token, query: { sortField: 'body' } });
    expect(r.statusCode).toBe(400);
    expect(r.data.msg).toMatch(/body/);
  });

  test('a multiple field filters by rows holding any of the values', async () => {
    const titles = async (audience: string | string[]) => (await notices.list(t.db, { audience })).list.map((r: any) => r.title).sort();
    expect(await titles('finance')).toEqual(['乙']);
    expect(await titles(['admin', 'dispatcher'])).toEqual(['乙', '甲'].sort());
    expect((await t.get('/api/notice/list', { token, query: { audience: 'admin' } })).data.data.list.map((r: any) => r.title)).toEqual(['甲']);
  });

  test('a field with a default may be changed but not cleared (400 naming it, nothing written); 404 carries the id', async () => {
    const id = (await t.db.query<{ id: bigint }>(`SELECT id FROM notices WHERE title = '甲'`)).rows[0].id;
    await expect(notices.update(t.db, id, { priority: null })).rejects.toMatchObject({
      status: 400,
      key: 'server.fieldRequired',
      values: { field: 'notice.priority' },
    });
    expect(await notices.update(t.db, id, { priority: 3 })).toMatchObject({ priority: 3 });
    await expect(notices.get(t.db, '42')).rejects.toMatchObject({ status: 404, values: { id: '42' } });
  });
});

describe('the README walkthrough: a new plain CRUD screen', () => {
  const README = readFileSync(join(ROOT_DIR, 'src/codegen/README.md'), 'utf8');
  const moduleText = readFileSync(join(FIXTURES, 'notice-module.ts'), 'utf8');
  const codeLines = (text: string) => text.split('\n').filter((l) => l.trim());

  test('its schema and two locale files pass the schema CLI with the console’s own', () => {
    const fixtureLocales = ['zh-CN', 'en-US'].map((l) => ({
      path: `locales/${l}/notice.json`,
      text: readFileSync(join(FIXTURES, 'locales', l, 'notice.json'), 'utf8'),
    }));
    const r = validateProject({
      schemaFiles: [...readSchemaFiles(ROOT_DIR), { path: 'schemas/notice.json', text: readFileSync(join(FIXTURES, 'notice.json'), 'utf8') }],
      localeFiles: [...readLocaleFiles(ROOT_DIR), ...fixtureLocales],
      handlers: null,
    });
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    // a handler for every binding, and no other
    const api = (r.set!.resources.find((x) => x.resource.name === 'notice')!.resource.api ?? {}) as Record<string, unknown>;
    expect(Object.keys(noticeModule.handlers).sort()).toEqual(Object.keys(api).sort());
  });

  test('the README shows the fixture schema as it is (without its comment)', () => {
    const shown = /`schemas\/notice\.json`:\n\s*```json\n([\s\S]*?)```/.exec(README)?.[1];
    const { $comment: _, ...fixture } = JSON.parse(readFileSync(join(FIXTURES, 'notice.json'), 'utf8'));
    expect(JSON.parse(shown!)).toEqual(fixture);
  });

  test('its server module is at most 15 lines, and the README shows the same handlers', () => {
    expect(codeLines(moduleText).length).toBeLessThanOrEqual(15);
    const block = /```ts\n\s*(\/\/ server\/modules\/notice\/index\.ts[\s\S]*?)```/.exec(README)?.[1];
    expect(block, 'the README walks through server/modules/notice/index.ts').toBeDefined();
    expect(codeLines(block!).length - 1).toBeLessThanOrEqual(15); // without its file-name comment
    const handlers = (t: string) =>
      codeLines(t)
        .map((l) => l.trim())
        .filter((l) => /^\w+: \(\{/.test(l));
    expect(handlers(block!)).toEqual(handlers(moduleText));
    expect(handlers(moduleText)).toHaveLength(4);
  });

  test('create, search, edit, detail and delete through HTTP', async () => {
    const created = (await save({ title: '消防演练', body: '周五下午三点' })).data.data;
    const found = (await t.get('/api/notice/list', { token, query: { title: '演练' } })).data.data;
    expect(found.list.map((r: any) => r.id)).toEqual([created.id]);
    expect((await save({ id: created.id, status: 'disabled' })).data.data).toMatchObject({ title: '消防演练', status: 'disabled' });
    const detail = await t.get('/api/notice/get', { token, query: { id: created.id } });
    expect(detail.data.data).toMatchObject({ id: created.id, body: '周五下午三点', status: 'disabled', views: 0 });

    const removed = await t.post('/api/notice/remove', { id: created.id }, { token });
    expect([removed.statusCode, removed.data.code, removed.data.data]).toEqual([200, 0, null]);
    expect((await t.get('/api/notice/get', { token, query: { id: created.id } })).statusCode).toBe(404);
    expect((await t.get('/api/notice/list', { token, query: { title: '演练' } })).data.data.total).toBe(0);
    const again = await t.post('/api/notice/remove', { id: created.id }, { token, locale: 'en-US' });
    expect([again.statusCode, again.data.msg]).toEqual([404, 'Record not found']);
    const noId = await t.post('/api/notice/remove', {}, { token });
    expect(noId.statusCode).toBe(400);
  });
});

describe('list options for large tables', () => {
  type Notices = ReturnType<typeof defineResource<Record<string, unknown>>>;
  let plain: Notices;
  let fast: Notices;
  let author: bigint;

  beforeAll(() => {
    const common = {
      name: 'notice',
      table: 'notices',
      alias: 'n',
      schemasDir: join(dir, 'schemas'),
      labels: { authorId: '(SELECT u.username FROM users u WHERE u.id = n.author_id)' },
    };
    plain = defineResource<Record<string, unknown>>(common);
    fast = defineResource<Record<string, unknown>>({ ...common, jsonRows: true, pageFirst: true, count: 'estimated', prefixSearch: ['title'] });
  });

  beforeAll(async () => {
    await t.db.query('DELETE FROM notices');
    author = (await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'notice_admin'`)).rows[0].id;
    const rows: [string, string, bigint | null, string][] = [
      ['A 100% 折扣', 'enabled', null, '2026-01-01T00:00:00.123456Z'],
      ['b 普通通知 "引号" \\ 反斜杠', 'disabled', author, '2026-01-02T00:00:00Z'],
      ['C 100 元', 'enabled', 9007199254740993n, '2026-01-03T00:00:00Z'],
    ];
    for (const [title, status, authorId, at] of rows) {
      await t.db.query(`INSERT INTO notices (id, title, body, status, author_id, created_at) VALUES ($1, $2, 'x', $3, $4, $5)`, [
        t.nextId(),
        title,
        status,
        authorId,
        at,
      ]);
    }
  });

  test('JSON rows cut page-first read exactly the records of the plain select: ids, labels, text, timestamps', async () => {
    const a = await plain.list(t.db, { pageSize: 10 });
    const b = await fast.list(t.db, { pageSize: 10 });
    expect(b.list).toEqual(a.list);
    expect(b.list.map((r) => [r.title, r.authorId, r.authorIdName])).toEqual([
      ['C 100 元', 9007199254740993n, null],
      ['b 普通通知 "引号" \\ 反斜杠', author, 'notice_admin'],
      ['A 100% 折扣', null, null],
    ]);
    expect(b.list[2].createdAt).toBe('2026-01-01T00:00:00.123Z');
    expect((await fast.list(t.db, { pageSize: 1, current: 2 })).list.map((r) => r.title)).toEqual(['b 普通通知 "引号" \\ 反斜杠']);
  });

  test('a prefix search matches the start of the text only, case and wildcards as typed', async () => {
    const titles = async (title: string) => (await fast.list(t.db, { title })).list.map((r) => r.title);
    expect(await titles('C 1')).toEqual(['C 100 元']);
    expect(await titles('100')).toEqual([]);
    expect(await titles('c')).toEqual([]);
    expect(await titles('A 100%')).toEqual(['A 100% 折扣']);
    expect(await titles('A 1_0')).toEqual([]);
    expect((await plain.list(t.db, { title: '100' })).total).toBe(2); // substring by default
  });

  test('an estimated count is exact for small results and says so', async () => {
    const page = await fast.list(t.db, { status: 'enabled' });
    expect(page).toMatchObject({ total: 2, totalExact: true });
    expect(await plain.list(t.db, {})).not.toHaveProperty('totalExact');
    expect(await fast.count(t.db, { title: 'b' })).toBe(1);
  });

  test('countBy counts every value of the enum under the other filters, ignoring its own', async () => {
    for (const r of [plain, fast]) {
      expect(await r.countBy(t.db, 'status', { status: 'enabled' })).toEqual({ enabled: 2, disabled: 1 });
      expect(await r.countBy(t.db, 'status', { authorId: String(author) })).toEqual({ enabled: 0, disabled: 1 });
      const enabledOnly = { scope: (w: Where, a: string) => w.add(`${a}.status = 'enabled'`) };
      expect(await r.countBy(t.db, 'status', {}, enabledOnly)).toEqual({ enabled: 2, disabled: 0 });
    }
  });
});

describe('keyset paging (KEYSET: how the export reads every row)', () => {
  type Notices = ReturnType<typeof defineResource<Record<string, unknown>>>;
  const common = () => ({ name: 'notice', table: 'notices', alias: 'n', schemasDir: join(dir, 'schemas') });
  let author: bigint;

  beforeAll(async () => {
    await t.db.query('DELETE FROM notices');
    author = (await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'notice_admin'`)).rows[0].id;
    // ties everywhere: equal creation times (to the microsecond), equal titles, authors missing
    const at = ['2026-02-01T00:00:00.000001Z', '2026-02-01T00:00:00.000002Z', '2026-02-01T00:00:00.000002Z', '2026-02-03T00:00:00Z'];
    for (let i = 0; i < 14; i++) {
      await t.db.query(`INSERT INTO notices (id, title, body, status, author_id, created_at) VALUES ($1, $2, 'x', $3, $4, $5)`, [
        t.nextId(),
        `标题 ${i % 4}`,
        i % 3 ? 'enabled' : 'disabled',
        i % 5 === 0 ? null : i % 2 ? author : 9007199254740993n + BigInt(i),
        at[i % 4],
      ]);
    }
  });

  /** Every row through keyset pages of `size`, and the cursor of each page. */
  async function byKeyset(r: Notices, input: Record<string, unknown>, size: number, opts = {}) {
    const ids: unknown[] = [];
    const cursors: unknown[] = [];
    let after: KeysetCursor | null = null;
    for (let i = 0; i < 100; i++) {
      const page = await r.list(t.db, { ...input, [KEYSET]: { after, size, count: i === 0 } satisfies KeysetRead }, opts);
      ids.push(...page.list.map((x) => x.id));
      cursors.push(page[KEYSET]);
      if (!page[KEYSET]) break;
      after = page[KEYSET];
    }
    return { ids, cursors };
  }

  test('pages of any size give every row once, in the list order: default order, sort fields either way, NULLs, filters, scope', async () => {
    const resources = [
      defineResource<Record<string, unknown>>(common()),
      defineResource<Record<string, unknown>>({ ...common(), jsonRows: true, pageFirst: true, count: 'estimated' }),
      defineResource<Record<string, unknown>>({ ...common(), nullsLast: true }),
    ];
    const orders = [
      {},
      { sortField: 'title', sortOrder: 'ascend' },
      { sortField: 'title' },
      { sortField: 'authorId', sortOrder: 'ascend' },
      { sortField: 'authorId' },
    ];
    const enabledOnly = { scope: (w: Where, a: string) => w.add(`${a}.status = 'enabled'`) };
    for (const r of resources)
      for (const order of orders)
        for (const [filter, opts] of [
          [{}, {}],
          [{ status: 'enabled' }, {}],
          [{}, enabledOnly],
        ] as const) {
          const input = { ...order, ...filter };
          const all = (await r.list(t.db, { ...input, pageSize: 200 }, opts)).list.map((x) => x.id);
          expect(all.length).toBeGreaterThan(5);
          for (const size of [1, 3, all.length]) expect((await byKeyset(r, input, size, opts)).ids, `${JSON.stringify(input)} by ${size}`).toEqual(all);
        }
  });

  test('the cursor keeps the key as the database prints it; a page asked without KEYSET carries none; a custom default order falls back to OFFSET', async () => {
    const r = defineResource<Record<string, unknown>>(common());
    const { cursors } = await byKeyset(r, {}, 5);
    expect(cursors.at(-1)).toBeNull();
    expect((cursors[0] as KeysetCursor).key).toMatch(/^2026-02-0\d \d\d:00:00(\.\d+)?\+00$/);
    const plain = await r.list(t.db, { pageSize: 5 });
    expect(KEYSET in plain).toBe(false);
    const custom = defineResource<Record<string, unknown>>({ ...common(), defaultSort: 'n.title, n.id' });
    const page = await custom.list(t.db, { pageSize: 5, [KEYSET]: { after: null, size: 3, count: true } });
    expect(KEYSET in page).toBe(false);
    expect(page.list).toHaveLength(5);
    expect(page.total).toBe(14);
    expect(author).toBeTruthy();
  });
});
