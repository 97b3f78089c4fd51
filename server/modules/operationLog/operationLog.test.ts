import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
}, 180_000);
afterAll(() => t?.close());

const list = (query: Record<string, string | number>, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  t.get('/api/operationLog/list', { token: admin, query, locale }).then((r) => r.data.data as { list: any[]; total: number });

describe('operation log', () => {
  test("a store audit is recorded with who, the record and its status before → after, named in the reader's locale", async () => {
    const pending = await t.get('/api/store/list', { token: admin, query: { auditStatus: 'pending', pageSize: 1 } });
    const store = pending.data.data.list[0];
    expect(store).toBeTruthy();
    const done = await t.post('/api/store/audit', { id: store.id, result: 'approved' }, { token: admin });
    expect(done.data.code).toBe(0);

    const zh = await list({ operation: 'store.audit', recordId: String(store.id) });
    expect(zh.total).toBe(1);
    const entry = zh.list[0];
    expect(entry).toMatchObject({ kind: 'write', username: 'admin', resource: 'store', operation: 'store.audit', recordId: String(store.id) });
    // values as the wire carries them, for the console to draw as the field (an enum by its label)
    expect(entry.changes).toContainEqual({ field: 'auditStatus', label: '审核状态', before: 'pending', after: 'approved' });
    expect(entry.input).toContainEqual({ field: 'result', label: expect.any(String), value: 'approved' });
    const en = await list({ operation: 'store.audit', recordId: String(store.id) }, 'en-US');
    expect(en.list[0].changes).toContainEqual({ field: 'auditStatus', label: 'Audit status', before: 'pending', after: 'approved' });
    const detail = await t.get('/api/operationLog/detail', { token: admin, query: { id: entry.id } });
    expect(detail.data.data.changes).toEqual(entry.changes);
  });

  test('sign-ins and failed sign-ins are recorded; the password tried never is', async () => {
    await t.login('finance', 'finance123');
    const bad = await t.post('/api/user/login', { username: 'finance', password: 'Guess-Secret-77' });
    expect(bad.statusCode).toBe(400);
    const failed = await list({ kind: 'loginFailed' });
    expect(failed.list[0]).toMatchObject({ kind: 'loginFailed', username: 'finance', operation: 'auth.login' });
    const ok = await list({ kind: 'login' });
    expect(ok.list[0]).toMatchObject({ kind: 'login', username: 'finance' });
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operation_logs WHERE changes::text LIKE '%Guess-Secret%' OR detail::text LIKE '%Guess-Secret%' OR detail::text LIKE '%finance123%'",
    );
    expect(rows[0].n).toBe(0);
  });

  test('a sign-in refused for too many failures is recorded with its message filled in', async () => {
    for (let i = 0; i < 12; i++) await t.post('/api/user/login', { username: 'nosuch_oplog', password: 'wrong-pass-1' });
    const failed = await list({ kind: 'loginFailed', pageSize: 1 }, 'en-US');
    const reason = failed.list[0].input.find((x: { field: string | null }) => x.field === null);
    expect(reason.value).toMatch(/^Too many failed sign-ins\. Try again in \d+ min \(at \d\d:\d\d\)$/);
  });

  test('an unknown sort field, or an entry that does not exist, is said so', async () => {
    const bad = await t.get('/api/operationLog/list', { token: admin, query: { sortField: 'password' }, locale: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toBe('Sorting by "password" is not supported');
    expect((await t.get('/api/operationLog/list', { token: admin, query: { sortField: 'at', sortOrder: 'ascend' } })).data.code).toBe(0);
    const missing = await t.get('/api/operationLog/detail', { token: admin, query: { id: '1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.msg).toBe('操作日志不存在（ID 1）');
  });

  test('a refused permission check is recorded, and only an admin may read the log', async () => {
    const finance = await t.login('finance', 'finance123');
    const refused = await t.post('/api/user/add', { username: 'sneaky', nickname: 'x', password: 'Abcdefg123', roles: ['admin'] }, { token: finance });
    expect(refused.statusCode).toBe(403);
    const denied = await list({ kind: 'denied' });
    expect(denied.list[0]).toMatchObject({ kind: 'denied', username: 'finance', operation: 'staff.add' });
    expect(denied.list[0].input).toContainEqual({ field: null, label: '需要角色', value: '管理员' });
    const read = await t.get('/api/operationLog/list', { token: finance });
    expect(read.statusCode).toBe(403);
  });

  test('a new record reads with its 64-bit id exact and its values in their wire format (times ISO, enums by value)', async () => {
    const added = await t.post(
      '/api/user/add',
      { username: `oplog${Date.now() % 100000}`, nickname: '审计', password: 'Passw0rd1', roles: ['finance'] },
      { token: admin },
    );
    expect(added.data.code).toBe(0);
    const rec = added.data.data;
    expect(String(rec.id)).toMatch(/^\d{16,19}$/);
    const [entry] = (await list({ operation: 'staff.add', recordId: String(rec.id) })).list;
    // stored as digits in jsonb; read back with JSON.parse it printed as 914466786856460300
    expect(entry.changes).toContainEqual({ field: 'id', label: 'ID', before: null, after: String(rec.id) });
    expect(entry.changes).toContainEqual({ field: 'createdAt', label: expect.any(String), before: null, after: rec.createdAt });
    expect(entry.changes).toContainEqual({ field: 'roles', label: '角色', before: null, after: ['finance'] });
    expect(entry.input).toContainEqual({ field: 'roles', label: '角色', value: ['finance'] });
    const detail = await t.get('/api/operationLog/detail', { token: admin, query: { id: entry.id } });
    expect(detail.data.data.changes).toEqual(entry.changes);
  });

  test('a password reset is recorded without the password; filters by user and time work', async () => {
    const staff = await t.get('/api/user/list', { token: admin, query: { username: 'finance' } });
    const id = staff.data.data.list[0].id;
    const r = await t.post('/api/user/resetPassword', { id, password: 'Reset2026xy' }, { token: admin });
    expect(r.data.code).toBe(0);
    const adminId = (await t.get('/api/user/info', { token: admin })).data.data.id;
    const mine = await list({ userId: adminId, operation: 'staff.resetPassword' });
    expect(mine.total).toBe(1);
    expect(JSON.stringify(mine.list[0])).not.toContain('Reset2026xy');
    const future = await list({ atFrom: '2999-01-01T00:00:00Z' });
    expect(future.total).toBe(0);
    const options = await t.get('/api/dict/auditOperation', { token: admin });
    expect(options.data.data).toContainEqual({ value: 'store.audit', label: expect.stringMatching(/^门店管理 · /) });
    // a listed entry names its module and operation as those options do: the list draws them from the record
    const resources = (await t.get('/api/dict/auditResource', { token: admin })).data.data as { value: string; label: string }[];
    const entry = mine.list[0];
    expect(entry.operationName).toBe(options.data.data.find((o: { value: string }) => o.value === 'staff.resetPassword').label);
    expect(entry.resourceName).toBe(resources.find((o) => o.value === 'staff')!.label);
  });
});

describe('every audited operation', () => {
  test('is named in words in both locales (module · action), never by its binding name', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const ops = (await t.get('/api/dict/auditOperation', { token: admin, locale })).data.data as { value: string; label: string }[];
      expect(ops.length).toBeGreaterThan(20);
      const raw = ops.filter((o) => {
        const [res, binding] = o.value.split('.');
        const [resLabel, opLabel] = o.label.split(' · ');
        return resLabel === res || opLabel === binding;
      });
      expect(raw, locale).toEqual([]);
    }
  });
});
