import { afterAll, beforeAll, expect, test } from 'vitest';
import { authModule } from '../modules/auth';
import { createTestApp, type TestApp } from '../test/helper';
import type { ServerModule } from './contract';
import { runSeeds } from './seeds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, modules: [authModule], resources: ['auth'] });
}, 180_000);
afterAll(() => t?.close());

const userSeed = (name: string, order: string[]): ServerModule => ({
  resource: name,
  handlers: {},
  seed: async ({ db, nextId, demo }) => {
    order.push(`${name}:${demo}`);
    await db.query("INSERT INTO users (id, username, nickname, password_hash) VALUES ($1, $2, $2, 'x')", [nextId(), name]);
  },
});

test('a failing seed leaves nothing behind; the next start seeds again', async () => {
  const order: string[] = [];
  const broken: ServerModule = {
    resource: 'broken',
    handlers: {},
    seed: async () => {
      throw new Error('no stores yet');
    },
  };
  await expect(runSeeds(t.db, [userSeed('first', order), broken], { nextId: t.nextId, demo: true })).rejects.toThrow(
    'seed of module "broken" failed: no stores yet',
  );
  expect((await t.db.query('SELECT username FROM users')).rows).toEqual([]);
});

test('seeds run in module order, once, only while there are no users', async () => {
  const order: string[] = [];
  const mods = [userSeed('one', order), { resource: 'none', handlers: {} }, userSeed('two', order)];
  expect(await runSeeds(t.db, mods, { nextId: t.nextId, demo: false })).toBe(true);
  expect(order).toEqual(['one:false', 'two:false']);
  expect(await runSeeds(t.db, mods, { nextId: t.nextId, demo: false })).toBe(false);
  expect(order).toHaveLength(2);
});
