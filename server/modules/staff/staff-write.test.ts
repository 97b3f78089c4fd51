import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertFile, insertStore, staffTestApp, userRow, type StaffTestContext } from './test-support';

let c: StaffTestContext;
beforeAll(async () => {
  c = await staffTestApp();
}, 180_000);
afterAll(() => c?.t.close());

const add = (body: Record<string, unknown>, opts: { token?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
  c.t.post('/api/user/add', body, { token: opts.token ?? c.admin, locale: opts.locale });
const edit = (body: Record<string, unknown>, opts: { token?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
  c.t.post('/api/user/edit', body, { token: opts.token ?? c.admin, locale: opts.locale });
const countUsers = async () => Number((await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n);

const valid = { username: 'zhoumin', nickname: '周敏', password: 'Zm2024pass', roles: ['dispatcher'], phone: '13912345678' };

describe('POST /user/add', () => {
  test('creates a user who can sign in; the password is stored as argon2id only', async () => {
    const res = await add(valid);
    expect(res.statusCode).toBe(200);
    expect(res.data.code).toBe(0);
    expect(res.data.data).toMatchObject({
      username: 'zhoumin',
      nickname: '周敏',
      roles: ['dispatcher'],
      phone: '13912345678',
      enabled: true,
      storeId: null,
      avatar: null,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    const row = await userRow(c.t, 'zhoumin');
    expect(String(row.id)).toBe(res.data.data.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('Zm2024pass');
    await expect(c.t.login('zhoumin', 'Zm2024pass')).resolves.toBeTruthy();
  });

  test('a missing or badly formed field is refused with a message naming it, in both locales', async () => {
    const before = await countUsers();
    const noName = await add({ ...valid, username: undefined }, { locale: 'zh-CN' });
    expect(noName.statusCode).toBe(400);
    expect(noName.data.code).toBe(40000);
    expect(noName.data.msg).toContain('用户名');
    const noNameEn = await add({ ...valid, username: undefined }, { locale: 'en-US' });
    expect(noNameEn.data.msg).toContain('Username');

    const badName = await add({ ...valid, username: '9lives' }, { locale: 'zh-CN' });
    expect(badName.statusCode).toBe(400);
    expect(badName.data.msg).toContain('用户名');
    expect(badName.data.msg).toContain('须以字母开头');

    const weak = await add({ ...valid, username: 'weakpw', password: 'abcdefgh' }, { locale: 'en-US' });
    expect(weak.statusCode).toBe(400);
    expect(weak.data.msg).toContain('Password');
    expect(weak.data.msg).toContain('letters and digits');

    const noRoles = await add({ ...valid, username: 'noroles', roles: [] }, { locale: 'zh-CN' });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.data.msg).toContain('角色');

    const badPhone = await add({ ...valid, username: 'badphone', phone: '12345' }, { locale: 'zh-CN' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.data.msg).toContain('手机号');

    const blank = await add({ ...valid, username: 'blanknick', nickname: '   ' }, { locale: 'en-US' });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.msg).toBe('Name is required');
    expect(await countUsers()).toBe(before);
  });

  test('a password containing the username is refused', async () => {
    const res = await add({ ...valid, username: 'qianlong', password: 'qianlong2024' }, { locale: 'zh-CN' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toBe('登录密码不能包含用户名');
    const en = await add({ ...valid, username: 'qianlong', password: 'xQIANLONG9' }, { locale: 'en-US' });
    expect(en.data.msg).toBe('Password must not contain the username');
  });

  test('a username already in use (any case) is a 409 naming the field', async () => {
    const before = await countUsers();
    const dup = await add({ ...valid, username: 'finance', password: 'Other2024x' }, { locale: 'zh-CN' });
    expect(dup.statusCode).toBe(409);
    expect(dup.data.code).toBe(40900);
    expect(dup.data.msg).toBe('用户名“finance”已被使用，请换一个');
    const upper = await add({ ...valid, username: 'FINANCE', password: 'Other2024x' }, { locale: 'en-US' });
    expect(upper.statusCode).toBe(409);
    expect(upper.data.msg).toBe('Username "FINANCE" is already taken; choose another');
    expect(await countUsers()).toBe(before);
  });

  test('store and avatar must exist', async () => {
    const before = await countUsers();
    const noStore = await add({ ...valid, username: 'nostore', storeId: '123456789012345678' }, { locale: 'zh-CN' });
    expect(noStore.statusCode).toBe(400);
    expect(noStore.data.msg).toBe('所属门店不存在，请重新选择');
    const noFile = await add({ ...valid, username: 'nofile', avatar: 'a'.repeat(32) }, { locale: 'en-US' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.data.msg).toBe('Avatar: the file does not exist; upload it again');
    expect(await countUsers()).toBe(before);

    const storeId = await insertStore(c.t, '徐汇门店');
    const avatar = await insertFile(c.t);
    // Ids may arrive as JSON numbers too; json-bigint keeps them exact.
    const ok = await c.t.post('/api/user/add', { ...valid, username: 'withstore', storeId: BigInt(storeId), avatar }, { token: c.admin });
    expect(ok.data.code).toBe(0);
    expect(ok.data.data).toMatchObject({ storeId, storeName: '徐汇门店', avatar });
  });

  test('finance and dispatcher cannot add (403), nothing written', async () => {
    const before = await countUsers();
    const fin = await add({ ...valid, username: 'byfinance' }, { token: c.finance });
    expect(fin.statusCode).toBe(403);
    expect(fin.data.code).toBe(40300);
    const disp = await add({ ...valid, username: 'bydispatcher' }, { token: c.dispatcher });
    expect(disp.statusCode).toBe(403);
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /user/edit', () => {
  test('changes only the fields sent; null clears an optional one', async () => {
    const row = await userRow(c.t, 'lina');
    const res = await edit({ id: String(row.id), nickname: '李娜娜' });
    expect(res.data.code).toBe(0);
    expect(res.data.data).toMatchObject({ nickname: '李娜娜', roles: row.roles, phone: row.phone });
    const cleared = await edit({ id: String(row.id), phone: null });
    expect(cleared.data.data.phone).toBeNull();
    expect((await userRow(c.t, 'lina')).phone).toBeNull();
    const blank = await edit({ id: String(row.id), nickname: '' }, { locale: 'zh-CN' });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.msg).toContain('姓名');
  });

  test('an admin cannot remove their own admin role or disable themselves; nothing changes', async () => {
    const demote = await edit({ id: c.adminId, roles: ['finance'], nickname: '改名' }, { locale: 'zh-CN' });
    expect(demote.statusCode).toBe(409);
    expect(demote.data.code).toBe(40900);
    expect(demote.data.msg).toBe('不能取消自己的管理员角色，请由其他管理员操作');
    const disable = await edit({ id: c.adminId, enabled: false }, { locale: 'en-US' });
    expect(disable.statusCode).toBe(409);
    expect(disable.data.msg).toBe('You cannot disable your own account');
    const row = await userRow(c.t, 'admin');
    expect(row).toMatchObject({ roles: ['admin'], enabled: true, nickname: '系统管理员' });
    // Adding a role to oneself is fine.
    const more = await edit({ id: c.adminId, roles: ['admin', 'finance'] });
    expect(more.data.data.roles).toEqual(['admin', 'finance']);
    const info = await c.t.get('/api/user/info', { token: c.admin });
    expect(info.data.code).toBe(0);
  });

  test('disabling a user ends their session at once; enabling lets them sign in again', async () => {
    const token = await c.t.login('wangfang', 'staff123');
    expect((await c.t.get('/api/user/info', { token })).data.code).toBe(0);
    const row = await userRow(c.t, 'wangfang');
    const res = await edit({ id: String(row.id), enabled: false });
    expect(res.data.data.enabled).toBe(false);
    const after = await c.t.get('/api/user/info', { token });
    expect(after.statusCode).toBe(200);
    expect(after.data.code).toBe(100000);
    const { rows } = await c.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [row.id]);
    expect(Number(rows[0].n)).toBe(0);
    await expect(c.t.login('wangfang', 'staff123')).rejects.toThrow(/403/);

    await edit({ id: String(row.id), enabled: true });
    expect((await c.t.get('/api/user/info', { token })).data.code).toBe(100000);
    await expect(c.t.login('wangfang', 'staff123')).resolves.toBeTruthy();
  });

  test('another admin can be demoted; unknown ids are 404; finance cannot edit', async () => {
    const other = await userRow(c.t, 'huangqiang');
    const res = await edit({ id: String(other.id), roles: ['dispatcher'] });
    expect(res.data.data.roles).toEqual(['dispatcher']);
    const missing = await edit({ id: '9223372036854775807', nickname: '无' }, { locale: 'zh-CN' });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.code).toBe(40400);
    const fin = await edit({ id: String(other.id), nickname: '黄强强' }, { token: c.finance });
    expect(fin.statusCode).toBe(403);
    expect((await userRow(c.t, 'huangqiang')).nickname).toBe('黄强');
  });

  test('the username cannot be changed through edit', async () => {
    const row = await userRow(c.t, 'zhulin');
    const res = await edit({ id: String(row.id), username: 'zhulin2' }, { locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toContain('username');
    expect(await userRow(c.t, 'zhulin2')).toBeUndefined();
  });
});

describe('POST /user/resetPassword', () => {
  const reset = (body: Record<string, unknown>, opts: { token?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
    c.t.post('/api/user/resetPassword', body, { token: opts.token ?? c.admin, locale: opts.locale });

  test("sets a new password and ends the user's sessions", async () => {
    const old = await c.t.login('zhangwei', 'staff123');
    const row = await userRow(c.t, 'zhangwei');
    const res = await reset({ id: String(row.id), password: 'Fresh-2025' });
    expect(res.data).toMatchObject({ code: 0, data: null });
    expect((await c.t.get('/api/user/info', { token: old })).data.code).toBe(100000);
    await expect(c.t.login('zhangwei', 'staff123')).rejects.toThrow();
    await expect(c.t.login('zhangwei', 'Fresh-2025')).resolves.toBeTruthy();
  });

  test('an admin resetting their own password keeps the current session only', async () => {
    const other = await c.t.login('admin', 'admin123');
    const res = await reset({ id: c.adminId, password: 'Own-pass-2025' });
    expect(res.data.code).toBe(0);
    expect((await c.t.get('/api/user/info', { token: c.admin })).data.code).toBe(0);
    expect((await c.t.get('/api/user/info', { token: other })).data.code).toBe(100000);
    await expect(c.t.login('admin', 'Own-pass-2025')).resolves.toBeTruthy();
  });

  test('weak passwords, unknown users and non-admins are refused; nothing changes', async () => {
    const row = await userRow(c.t, 'yanglei');
    const weak = await reset({ id: String(row.id), password: '12345678' }, { locale: 'zh-CN' });
    expect(weak.statusCode).toBe(400);
    expect(weak.data.msg).toContain('登录密码');
    const named = await reset({ id: String(row.id), password: 'yanglei2025' }, { locale: 'en-US' });
    expect(named.data.msg).toBe('Password must not contain the username');
    const missing = await reset({ id: '9223372036854775807', password: 'Fresh-2025' });
    expect(missing.statusCode).toBe(404);
    const fin = await reset({ id: String(row.id), password: 'Fresh-2025' }, { token: c.finance });
    expect(fin.statusCode).toBe(403);
    expect((await userRow(c.t, 'yanglei')).password_hash).toBe(row.password_hash);
  });
});
