import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertStore, staffTestApp, type StaffTestContext } from './test-support';

let c: StaffTestContext;
beforeAll(async () => {
  c = await staffTestApp();
}, 180_000);
afterAll(() => c?.t.close());

const list = (query: Record<string, any>, token = c.admin) => c.t.get('/api/user/list', { token, query });

describe('GET /user/list', () => {
  test('pages through every user, newest first, with the total', async () => {
    const { rows } = await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const total = Number(rows[0].n);
    expect(total).toBeGreaterThanOrEqual(33);
    const p1 = await list({ current: 1, pageSize: 20 });
    expect(p1.statusCode).toBe(200);
    expect(p1.data.code).toBe(0);
    expect(p1.data.data).toMatchObject({ total, current: 1, pageSize: 20 });
    expect(p1.data.data.list).toHaveLength(20);
    const p2 = await list({ current: 2, pageSize: 20 });
    expect(p2.data.data.list).toHaveLength(total - 20);
    const all = [...p1.data.data.list, ...p2.data.data.list];
    expect(new Set(all.map((u: any) => u.id)).size).toBe(total);
    const times = all.map((u: any) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('never returns a password or its hash', async () => {
    const res = await list({ pageSize: 200 });
    expect(res.body).not.toMatch(/password|argon2/i);
    expect(Object.keys(res.data.data.list[0]).sort()).toEqual([
      'avatar',
      'createdAt',
      'enabled',
      'id',
      'lastLoginAt',
      'merchantId',
      'merchantName',
      'nickname',
      'phone',
      'roles',
      'storeId',
      'storeName',
      'updatedAt',
      'username',
    ]);
  });

  test('filters by username and nickname substring', async () => {
    const byUser = await list({ username: 'ZHANG' });
    expect(byUser.data.data.list.map((u: any) => u.username)).toEqual(['zhangwei']);
    // a term is part of a username, not one: the username's own format is not asked of it
    for (const term of ['ad', 'wei', '1']) {
      const res = await list({ username: term });
      expect(res.statusCode, term).toBe(200);
      expect(
        res.data.data.list.every((u: any) => u.username.toLowerCase().includes(term)),
        term,
      ).toBe(true);
    }
    expect((await list({ username: 'ad' })).data.data.list.map((u: any) => u.username)).toContain('admin');
    // still bounded by the field's length
    expect((await list({ username: 'a'.repeat(33) })).statusCode).toBe(400);
    const byName = await list({ nickname: '晓' });
    expect(byName.data.data.list.map((u: any) => u.nickname).sort()).toEqual(['邓晓东', '郭晓燕']);
    // LIKE wildcards typed by a user match literally.
    const literal = await list({ nickname: '%' });
    expect(literal.data.data.total).toBe(0);
  });

  test('filters by role (users holding it) and by status', async () => {
    const fin = await list({ roles: 'finance', pageSize: 200 });
    const { rows } = await c.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE 'finance' = ANY(roles)`);
    expect(fin.data.data.total).toBe(Number(rows[0].n));
    expect(fin.data.data.list.every((u: any) => u.roles.includes('finance'))).toBe(true);
    expect(fin.data.data.list.map((u: any) => u.username)).toEqual(expect.arrayContaining(['finance', 'sunli', 'hanmei']));

    const disabled = await list({ enabled: false, pageSize: 200 });
    expect(disabled.data.data.list.map((u: any) => u.username).sort()).toEqual(['dengxiaodong', 'gaoxue', 'machao', 'songjia']);
    expect(disabled.data.data.list.every((u: any) => u.enabled === false)).toBe(true);

    const bad = await list({ roles: 'boss' }, c.admin);
    expect(bad.statusCode).toBe(400);
  });

  test('filters by a creation time range and sorts by creation time', async () => {
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const res = await list({ createdAtFrom: from, createdAtTo: to, pageSize: 200, sortField: 'createdAt', sortOrder: 'ascend' });
    const { rows } = await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE created_at BETWEEN $1 AND $2', [from, to]);
    expect(res.data.data.total).toBe(Number(rows[0].n));
    expect(res.data.data.total).toBeGreaterThan(0);
    const times = res.data.data.list.map((u: any) => Date.parse(u.createdAt));
    expect(times.every((x: number) => x >= Date.parse(from) && x <= Date.parse(to))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('refuses an unknown sort field and a page size over 200', async () => {
    const sort = await list({ sortField: 'password_hash' }, c.admin);
    expect(sort.statusCode).toBe(400);
    expect(sort.data.code).toBe(40000);
    expect(sort.data.msg).toContain('password_hash');
    const big = await c.t.get('/api/user/list', { token: c.admin, query: { pageSize: 201 }, locale: 'en-US' });
    expect(big.statusCode).toBe(400);
  });

  test('finance may read; dispatcher may not; no token is 401', async () => {
    expect((await list({}, c.finance)).data.code).toBe(0);
    const disp = await list({}, c.dispatcher);
    expect(disp.statusCode).toBe(403);
    expect(disp.data.code).toBe(40300);
    const anon = await c.t.get('/api/user/list');
    expect(anon.statusCode).toBe(401);
    expect(anon.data.code).toBe(40100);
  });
});

describe('GET /user/detail', () => {
  test('returns the record with its 64-bit id exact', async () => {
    const res = await c.t.get('/api/user/detail', { token: c.finance, query: { id: c.adminId } });
    expect(res.data.data).toMatchObject({ id: c.adminId, username: 'admin', nickname: '系统管理员', roles: ['admin'], enabled: true });
    expect(BigInt(c.adminId) > 2n ** 53n).toBe(true);
    // On the wire the id is a JSON number with every digit (a double would round it).
    expect(res.body).toContain(`"id":${c.adminId}`);
    expect(res.data.data.lastLoginAt).not.toBeNull();
  });

  test('unknown id is 404, a malformed id 400 naming the field', async () => {
    const missing = await c.t.get('/api/user/detail', { token: c.admin, query: { id: '9223372036854775807' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.code).toBe(40400);
    expect(missing.data.msg).toBe('员工不存在或已被删除');
    const bad = await c.t.get('/api/user/detail', { token: c.admin, query: { id: 'abc' }, locale: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.msg).toContain('ID');
  });
});

describe('GET /dict/user', () => {
  test('options label nickname（username）, enabled users only, searchable by keyword', async () => {
    // (the demo dispatcher is bound to a store: its dictionary holds that store's staff only — data scope)
    const res = await c.t.get('/api/dict/user', { token: c.admin, query: { keyword: '王芳' } });
    expect(res.data.data).toHaveLength(1);
    const { rows: me } = await c.t.db.query<{ id: bigint; store_id: bigint | null }>(`SELECT id, store_id FROM users WHERE username = 'wangfang'`);
    expect(res.data.data[0]).toEqual({
      value: String(me[0].id),
      label: '王芳（wangfang）',
      username: 'wangfang',
      roles: ['dispatcher'],
      storeId: me[0].store_id === null ? null : String(me[0].store_id),
    });
    const byUsername = await c.t.get('/api/dict/user', { token: c.admin, query: { keyword: 'fang' } });
    expect(byUsername.data.data.map((o: any) => o.username)).toContain('wangfang');
    const disabled = await c.t.get('/api/dict/user', { token: c.admin, query: { keyword: 'machao' } });
    expect(disabled.data.data).toEqual([]);
    const all = await c.t.get('/api/dict/user', { token: c.admin });
    const { rows } = await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE enabled');
    expect(all.data.data).toHaveLength(Math.min(50, Number(rows[0].n)));
  });

  test("filters by store and by the store's merchant", async () => {
    const storeId = await insertStore(c.t, '朝阳门店');
    await c.t.db.query(`UPDATE users SET store_id = $1 WHERE username IN ('lina', 'machao')`, [storeId]);
    const res = await c.t.get('/api/dict/user', { token: c.admin, query: { storeId } });
    expect(res.data.data.map((o: any) => o.username)).toEqual(['lina']);
    expect(res.data.data[0].storeId).toBe(storeId);
    const { rows } = await c.t.db.query<{ merchant_id: bigint }>('SELECT merchant_id FROM stores WHERE id = $1', [storeId]);
    const byMerchant = await c.t.get('/api/dict/user', { token: c.admin, query: { merchantId: String(rows[0].merchant_id) } });
    expect(byMerchant.data.data.map((o: any) => o.username)).toEqual(['lina']);
    const detail = await c.t.get('/api/user/list', { token: c.admin, query: { username: 'lina' } });
    expect(detail.data.data.list[0]).toMatchObject({ storeId, storeName: '朝阳门店' });
  });
});

describe('demo seed', () => {
  test('demo accounts, 30 staff with valid mobiles, a few disabled, created over the past year', async () => {
    const { rows } = await c.t.db.query<{ username: string; phone: string; enabled: boolean; created_at: Date; roles: string[] }>(
      'SELECT username, phone, enabled, created_at, roles FROM users',
    );
    expect(rows).toHaveLength(33);
    expect(rows.every((r) => /^1[3-9]\d{9}$/.test(r.phone))).toBe(true);
    const yearAgo = Date.now() - 366 * 86_400_000;
    expect(rows.every((r) => new Date(r.created_at).getTime() >= yearAgo)).toBe(true);
    expect(rows.filter((r) => !r.enabled)).toHaveLength(4);
    expect(new Set(rows.flatMap((r) => r.roles))).toEqual(new Set(['admin', 'finance', 'dispatcher']));
    await expect(c.t.login('wangfang', 'staff123')).resolves.toMatch(/\S{16,}/);
  });
});
