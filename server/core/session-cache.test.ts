import { afterEach, expect, test, vi } from 'vitest';
import type { Db, ListenHandlers, SessionUser } from './contract';
import { createSessionCache, sessionCacheClock, sessionGeneration, sessionsChanged, watchSessionChanges } from './session-cache';

const user: SessionUser = { id: 1n, username: 'alice', nickname: 'Alice', roles: ['admin'], storeId: null, merchantId: null, tokenHash: 'h1' };
const farFuture = new Date(Date.now() + 3_600_000);

afterEach(() => vi.restoreAllMocks());

const at = (ms: number) => vi.spyOn(sessionCacheClock, 'now').mockReturnValue(ms);

test('an entry is reused until its time-to-live has passed', () => {
  const cache = createSessionCache(5000)!;
  at(1_000_000);
  cache.set('h1', user, sessionGeneration(), farFuture);
  at(1_004_999);
  expect(cache.get('h1')).toBe(user);
  at(1_005_000);
  expect(cache.get('h1')).toBeUndefined();
});

test("never beyond the session's absolute expiry", () => {
  const cache = createSessionCache(5000)!;
  at(1_000_000);
  cache.set('h1', user, sessionGeneration(), new Date(1_002_000));
  at(1_001_999);
  expect(cache.get('h1')).toBe(user);
  at(1_002_000);
  expect(cache.get('h1')).toBeUndefined();
});

test('a change to sessions makes every entry of every cache stale at once', () => {
  const a = createSessionCache(5000)!;
  const b = createSessionCache(5000)!;
  a.set('h1', user, sessionGeneration(), farFuture);
  b.set('h2', { ...user, tokenHash: 'h2' }, sessionGeneration(), farFuture);
  sessionsChanged();
  expect(a.get('h1')).toBeUndefined();
  expect(b.get('h2')).toBeUndefined();
});

test('a lookup that overlapped a change is not cached (it may have read the state before the revoke)', () => {
  const cache = createSessionCache(5000)!;
  const since = sessionGeneration(); // lookup starts
  sessionsChanged(); // a revoke commits meanwhile
  cache.set('h1', user, since, farFuture); // lookup ends with what it read
  expect(cache.get('h1')).toBeUndefined();
});

test('0 seconds: no cache', () => {
  expect(createSessionCache(0)).toBeUndefined();
});

test('while the instance cannot hear other instances (LISTEN down) nothing is cached or served from the cache', () => {
  let live = true;
  const cache = createSessionCache(5000, () => live)!;
  cache.set('h1', user, sessionGeneration(), farFuture);
  expect(cache.get('h1')).toBe(user);
  live = false;
  expect(cache.get('h1')).toBeUndefined();
  cache.set('h2', { ...user, tokenHash: 'h2' }, sessionGeneration(), farFuture);
  live = true;
  expect(cache.get('h2')).toBeUndefined();
});

test('watchSessionChanges: a notification or a reconnect makes every entry stale; down means untrusted', async () => {
  let handlers: ListenHandlers | undefined;
  const db = {
    listen: (_c: string, on: ListenHandlers) => ((handlers = on), { ready: Promise.resolve(), fence: async () => undefined, close: async () => undefined }),
  } as unknown as Db;
  const watch = watchSessionChanges(db)!;
  const cache = createSessionCache(5000, watch.live)!;
  expect(watch.live()).toBe(false); // not listening yet
  handlers!.up(true);
  cache.set('h1', user, sessionGeneration(), farFuture);
  expect(cache.get('h1')).toBe(user);
  handlers!.notify(''); // another instance revoked something
  expect(cache.get('h1')).toBeUndefined();
  cache.set('h1', user, sessionGeneration(), farFuture);
  handlers!.up(false);
  expect(watch.live()).toBe(false);
  handlers!.up(true); // back: what was cached before may have been revoked meanwhile
  expect(cache.get('h1')).toBeUndefined();
});
