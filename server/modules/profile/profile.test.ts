import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { insertUser } from '../../test/users';
import { authModule } from '../auth';
import { fileModule } from '../file';
import { profileModule } from '.';
import { deviceName } from './user-agent';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ modules: [authModule, fileModule, profileModule], resources: ['auth', 'file', 'profile'], seed: false });
  await insertUser(t, { username: 'wangli', password: 'Wangli2024', nickname: '王丽', roles: ['finance'] });
  await insertUser(t, { username: 'zhaoqiang', password: 'Zhao2024x', nickname: '赵强', roles: ['admin'] });
}, 180_000);
afterAll(() => t?.close());

const loginAs = (username: string, password: string, ua: string) =>
  t.app
    .inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json', 'user-agent': ua }, payload: { username, password } })
    .then((r) => JSON.parse(r.body).data.token as string);

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('personal centre', () => {
  test('edit own name; the header name (user info) changes at once; a blank name is refused on its field', async () => {
    const token = await t.login('wangli', 'Wangli2024');
    expect((await t.get('/api/user/info', { token })).data.data.nickname).toBe('王丽');
    const res = await t.post('/api/profile/edit', { nickname: '王丽华' }, { token });
    expect(res.data.code).toBe(0);
    expect(res.data.data.nickname).toBe('王丽华');
    expect((await t.get('/api/user/info', { token })).data.data.nickname).toBe('王丽华');
    const blank = await t.post('/api/profile/edit', { nickname: '   ' }, { token, locale: 'en-US' });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.data.errors).toEqual([{ field: 'nickname', message: 'Name is required' }]);
    const avatar = await t.post('/api/profile/edit', { avatar: 'f'.repeat(32) }, { token });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.data.msg).toBe('头像文件不存在，请重新上传');
  });

  test('the body cannot pick another account: edits apply to the caller only', async () => {
    const token = await t.login('zhaoqiang', 'Zhao2024x');
    const res = await t.post('/api/profile/edit', { nickname: '赵强强', id: '1', username: 'wangli' }, { token });
    // extra fields are refused by the schema-derived validation, not silently applied
    expect(res.statusCode).toBe(400);
    const { rows } = await t.db.query<{ nickname: string }>("SELECT nickname FROM users WHERE username = 'wangli'");
    expect(rows[0].nickname).not.toBe('赵强强');
  });

  test('password change needs the current password, keeps this session and ends the others', async () => {
    const mine = await loginAs('zhaoqiang', 'Zhao2024x', CHROME_WIN);
    const other = await loginAs('zhaoqiang', 'Zhao2024x', SAFARI_IOS);
    const wrong = await t.post(
      '/api/profile/password',
      { currentPassword: 'nope-nope1', newPassword: 'Fresh2025a', confirmPassword: 'Fresh2025a' },
      { token: mine },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data.data.errors).toEqual([{ field: 'currentPassword', message: '当前密码不正确' }]);
    const weak = await t.post('/api/profile/password', { currentPassword: 'Zhao2024x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, { token: mine });
    expect(weak.data.data.errors[0].field).toBe('newPassword');
    const mismatch = await t.post(
      '/api/profile/password',
      { currentPassword: 'Zhao2024x', newPassword: 'Fresh2025a', confirmPassword: 'Fresh2025b' },
      { token: mine, locale: 'en-US' },
    );
    expect(mismatch.data.data.errors).toEqual([{ field: 'confirmPassword', message: 'The two new passwords do not match' }]);
    // nothing changed yet: the other session still works
    expect((await t.get('/api/user/info', { token: other })).data.code).toBe(0);

    const ok = await t.post(
      '/api/profile/password',
      { currentPassword: 'Zhao2024x', newPassword: 'Fresh2025a', confirmPassword: 'Fresh2025a' },
      { token: mine },
    );
    expect(ok.data.code).toBe(0);
    expect((await t.get('/api/user/info', { token: mine })).data.code).toBe(0);
    expect((await t.get('/api/user/info', { token: other })).data.code).toBe(100000);
    await expect(t.login('zhaoqiang', 'Zhao2024x')).rejects.toThrow();
    expect(await t.login('zhaoqiang', 'Fresh2025a')).toMatch(/^[\w-]{40,}$/);
  });

  test("sessions: lists own live sign-ins with device names, signs one out, never another user's", async () => {
    const mine = await loginAs('wangli', 'Wangli2024', CHROME_WIN);
    const phone = await loginAs('wangli', 'Wangli2024', SAFARI_IOS);
    const list = (await t.get('/api/profile/sessions', { token: mine })).data.data as { id: string; device: string; current: boolean }[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => s.current)!.device).toBe('Chrome 156 · Windows');
    const phoneRow = list.find((s) => s.device === 'Safari 18 · iOS')!;
    expect(phoneRow).toBeTruthy();
    expect(JSON.stringify(list)).not.toContain(mine);

    // another user cannot end it: answered as not found
    const stranger = await t.login('zhaoqiang', 'Fresh2025a');
    const refused = await t.post('/api/profile/sessions/signOut', { id: phoneRow.id }, { token: stranger });
    expect(refused.statusCode).toBe(404);
    expect((await t.get('/api/user/info', { token: phone })).data.code).toBe(0);

    const done = await t.post('/api/profile/sessions/signOut', { id: phoneRow.id }, { token: mine });
    expect(done.data.code).toBe(0);
    expect((await t.get('/api/user/info', { token: phone })).data.code).toBe(100000);
    const after = (await t.get('/api/profile/sessions', { token: mine })).data.data as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(phoneRow.id);
    const again = await t.post('/api/profile/sessions/signOut', { id: phoneRow.id }, { token: mine });
    expect(again.statusCode).toBe(404);
  });
});

describe('deviceName', () => {
  test.each([
    [CHROME_WIN, 'Chrome 156 · Windows'],
    [SAFARI_IOS, 'Safari 18 · iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17 · macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131 · Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['', '-'],
  ])('%s', (ua, name) => expect(deviceName(ua)).toBe(name));
});
