import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '../test/users';
import type { TestApp } from '../test/helper';
import { uniqueConflict } from './db-errors';
import { createProbeApp } from './test-fixtures/fixture';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createProbeApp();
  await insertUser(t, { username: 'probe_admin', password: 'admin-pass-1', roles: ['admin'] });
  token = await t.login('probe_admin', 'admin-pass-1');
}, 180_000);
afterAll(() => t?.close());

describe('message values that are i18n keys', () => {
  test('a field title key is rendered in the request locale; other text is left alone', async () => {
    const zh = await t.get('/api/probe/titled');
    expect(zh.statusCode).toBe(400);
    expect(zh.data).toEqual({ code: 40000, msg: '数量超出范围', data: null });
    const en = await t.get('/api/probe/titled', { locale: 'en-US' });
    expect(en.data.msg).toBe('Quantity is out of range');
  });
});

describe('unique violations', () => {
  test('a name differing only in case hits the case-insensitive index and is a 409 naming the field and the value sent', async () => {
    const zh = await t.post('/api/probe/add-user', { username: 'Probe_Admin' }, { token });
    expect(zh.statusCode).toBe(409);
    expect(zh.data).toEqual({ code: 40900, msg: '用户名“Probe_Admin”已存在，请换一个', data: null });
    const en = await t.post('/api/probe/add-user', { username: 'PROBE_ADMIN' }, { token, locale: 'en-US' });
    expect(en.statusCode).toBe(409);
    expect(en.data.msg).toBe('Username "PROBE_ADMIN" already exists; choose another');
    const { rows } = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM users WHERE lower(username) = 'probe_admin'`);
    expect(rows[0].n).toBe(1n);
  });

  test('a column known only as a resource field is named by its title, without the lowered value', async () => {
    const res = await t.post('/api/probe/add-named', { login: 'PROBE_admin' }, { token });
    expect(res.statusCode).toBe(409);
    expect(res.data.msg).toBe('用户名已存在相同的值，请换一个');
  });

  test('a new name is stored, and the index then refuses it in another case for every writer', async () => {
    const res = await t.post('/api/probe/add-user', { username: 'probe_new' }, { token });
    expect(res.data.code).toBe(0);
    await expect(insertUser(t, { username: 'PROBE_NEW' })).rejects.toMatchObject({ code: '23505' });
  });
});

describe('uniqueConflict', () => {
  const field = () => ({ title: '编号' });
  test('a primary key collision is a server bug, not a user error (left for the 500 path)', () => {
    expect(uniqueConflict({ code: '23505', constraint: 'users_pkey', detail: 'Key (id)=(1) already exists.' }, field)).toBeUndefined();
  });
  test('a composite key names its last known column with its value', () => {
    const err = uniqueConflict(
      { code: '23505', constraint: 'stores_merchant_name_key', detail: 'Key (merchant_id, name)=(42, 旗舰店) already exists.' },
      (f) => (f === 'name' ? { title: '门店名称' } : f === 'merchantId' ? { title: '商户' } : undefined),
    );
    expect(err).toMatchObject({ status: 409, code: 40900, key: 'server.duplicate', values: { field: '门店名称', value: '旗舰店' } });
  });
});
