/**
 * No input to /user/add or /user/edit answers 5xx: a missing required field, a wrong type, a string
 * too long, an id that names nothing — each is a 4xx whose message names the field, and nothing is
 * written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import zh from '../../../locales/zh-CN/staff.json';
import { staffTestApp, type StaffTestContext } from './test-support';

let c: StaffTestContext;
let userId = '';
beforeAll(async () => {
  c = await staffTestApp();
  userId = String((await c.t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'finance'`)).rows[0].id);
}, 180_000);
afterAll(() => c?.t.close());

const valid = { username: 'inputcheck', nickname: '校验', password: 'Check2024x', roles: ['dispatcher'] };
const NO_STORE = '123456789012345678';
const snapshot = async () =>
  (await c.t.db.query(`SELECT id, username, nickname, phone, roles, store_id, merchant_id, avatar, enabled FROM users ORDER BY id`)).rows;

/** [what is wrong, body, the field's title key, status] */
const ADD: [string, Record<string, unknown>, keyof typeof zh, number][] = [
  ['username missing', { ...valid, username: undefined }, 'staff.username', 400],
  ['nickname missing', { ...valid, nickname: undefined }, 'staff.nickname', 400],
  ['password missing', { ...valid, password: undefined }, 'staff.password', 400],
  ['roles missing', { ...valid, roles: undefined }, 'staff.roles', 400],
  ['roles empty', { ...valid, roles: [] }, 'staff.roles', 400],
  ['username a number', { ...valid, username: 12345 }, 'staff.username', 400],
  ['nickname a list', { ...valid, nickname: ['a'] }, 'staff.nickname', 400],
  ['roles not a list of roles', { ...valid, roles: ['boss'] }, 'staff.roles', 400],
  ['enabled a word', { ...valid, enabled: 'yes' }, 'staff.enabled', 400],
  ['username too long', { ...valid, username: 'a'.repeat(33) }, 'staff.username', 400],
  ['nickname too long', { ...valid, nickname: '名'.repeat(33) }, 'staff.nickname', 400],
  ['password too long', { ...valid, password: 'a1'.repeat(33) }, 'staff.password', 400],
  ['phone too long', { ...valid, phone: '1'.repeat(40) }, 'staff.phone', 400],
  ['store id not an id', { ...valid, storeId: 'abc' }, 'staff.store', 400],
  ['store id past 2^63', { ...valid, storeId: '99999999999999999999' }, 'staff.store', 400],
  ['unknown store', { ...valid, storeId: NO_STORE }, 'staff.store', 400],
  ['unknown merchant', { ...valid, merchantId: NO_STORE }, 'staff.merchant', 400],
  ['merchant id not an id', { ...valid, merchantId: 'x;1' }, 'staff.merchant', 400],
  ['unknown avatar file', { ...valid, avatar: 'f'.repeat(32) }, 'staff.avatar', 400],
];

const EDIT: [string, () => Record<string, unknown>, keyof typeof zh, number][] = [
  ['id missing', () => ({ nickname: 'x' }), 'common.id', 400],
  ['id not an id', () => ({ id: 'abc', nickname: 'x' }), 'common.id', 400],
  ['nickname cleared', () => ({ id: userId, nickname: '' }), 'staff.nickname', 400],
  ['nickname null', () => ({ id: userId, nickname: null }), 'staff.nickname', 400],
  ['nickname too long', () => ({ id: userId, nickname: 'n'.repeat(33) }), 'staff.nickname', 400],
  ['roles emptied', () => ({ id: userId, roles: [] }), 'staff.roles', 400],
  ['roles null', () => ({ id: userId, roles: null }), 'staff.roles', 400],
  ['roles a number', () => ({ id: userId, roles: 7 }), 'staff.roles', 400],
  ['status cleared', () => ({ id: userId, enabled: null }), 'staff.enabled', 400],
  ['status a number', () => ({ id: userId, enabled: 2 }), 'staff.enabled', 400],
  ['phone not a phone', () => ({ id: userId, phone: 'call me' }), 'staff.phone', 400],
  ['unknown store', () => ({ id: userId, storeId: NO_STORE }), 'staff.store', 400],
  ['unknown merchant', () => ({ id: userId, merchantId: NO_STORE }), 'staff.merchant', 400],
  ['unknown avatar file', () => ({ id: userId, avatar: 'f'.repeat(32) }), 'staff.avatar', 400],
];

describe('POST /user/add refuses bad input with a 4xx naming the field, never a 5xx', () => {
  test.each(ADD)('%s', async (_, body, title, status) => {
    const before = await snapshot();
    const res = await c.t.post('/api/user/add', JSON.parse(JSON.stringify(body)), { token: c.admin });
    expect(res.statusCode).toBe(status);
    expect(res.data.code).toBe(status * 100);
    expect(res.data.msg).toContain(zh[title]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /user/edit refuses bad input with a 4xx naming the field, never a 5xx', () => {
  test.each(EDIT)('%s', async (_, body, title, status) => {
    const before = await snapshot();
    const res = await c.t.post('/api/user/edit', body(), { token: c.admin });
    expect(res.statusCode).toBe(status);
    expect(res.data.code).toBe(status * 100);
    expect(res.data.msg).toContain(zh[title]);
    expect(await snapshot()).toEqual(before);
  });

  test('a field the add form takes but the edit does not (the username) is refused by its name', async () => {
    const res = await c.t.post('/api/user/edit', { id: userId, username: 'renamed' }, { token: c.admin });
    expect(res.statusCode).toBe(400);
    expect(res.data.msg).toContain('username');
    expect((await c.t.db.query(`SELECT 1 FROM users WHERE username = 'renamed'`)).rows).toEqual([]);
  });

  test('an id that names no user is a 404, in both locales; nothing is written', async () => {
    const before = await snapshot();
    const res = await c.t.post('/api/user/edit', { id: NO_STORE, nickname: 'x' }, { token: c.admin });
    expect(res.statusCode).toBe(404);
    expect(res.data).toMatchObject({ code: 40400, msg: zh['server.staff.notFound'] });
    const en = await c.t.post('/api/user/edit', { id: NO_STORE, enabled: false }, { token: c.admin, locale: 'en-US' });
    expect(en.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
