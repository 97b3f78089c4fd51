// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_TTL_MS, PRESS_TTL_MS, arrivedPrefetched, clearPrefetched, onPrefetchArrival, prefetch, takePrefetched } from './prefetch';
import { stringifyExact, toQuery } from './query-string';

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  clearPrefetched();
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url.includes('down')) throw new TypeError('Failed to fetch');
    return new Response('{"code":0,"data":{"id":1876543210987654321}}', { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const H = { 'x-locale': 'zh-CN', 'x-misi-token': 'tok' };

describe('prefetch registry', () => {
  it('hands the answer to the first identical call only, with the body text untouched', async () => {
    void prefetch('/api/order/list?current=1', H);
    const hit = takePrefetched('/api/order/list?current=1', { 'X-Misi-Token': 'tok', 'X-Locale': 'zh-CN' });
    expect(hit).toBeDefined();
    expect((await hit!).text).toBe('{"code":0,"data":{"id":1876543210987654321}}');
    expect(takePrefetched('/api/order/list?current=1', H)).toBeUndefined();
    expect(calls).toEqual(['/api/order/list?current=1']);
  });

  it('sends a GET already started and fresh only once; once taken, a new prefetch asks again', async () => {
    const first = prefetch('/api/order/list?current=1', H);
    expect(prefetch('/api/order/list?current=1', H)).toBe(first);
    expect(calls).toEqual(['/api/order/list?current=1']);
    await takePrefetched('/api/order/list?current=1', H);
    void prefetch('/api/order/list?current=1', H);
    expect(calls).toEqual(['/api/order/list?current=1', '/api/order/list?current=1']);
  });

  it("tells a call's listeners as its answer arrives, once it can be read, not for other calls, until they are removed", async () => {
    const heard: (string | undefined)[] = [];
    const stop = onPrefetchArrival('/api/order/list?current=1', H, () => heard.push(arrivedPrefetched('/api/order/list?current=1', H)?.text));
    await prefetch('/api/order/list?current=2', H);
    await prefetch('/api/order/list?current=1', { ...H, 'x-locale': 'en-US' });
    expect(heard).toHaveLength(0);
    await prefetch('/api/order/list?current=1', H);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toContain('1876543210987654321');
    stop();
    clearPrefetched();
    await prefetch('/api/order/list?current=1', H);
    expect(heard).toHaveLength(1);
  });

  it('misses on another URL, token or locale', () => {
    void prefetch('/api/order/list?current=1', H);
    expect(takePrefetched('/api/order/list?current=2', H)).toBeUndefined();
    expect(takePrefetched('/api/order/list?current=1', { ...H, 'x-misi-token': 'other' })).toBeUndefined();
    expect(takePrefetched('/api/order/list?current=1', { ...H, 'x-locale': 'en-US' })).toBeUndefined();
  });

  it("keeps a press's answer briefly, and the full time once the click asks for it too", () => {
    const now = Date.now();
    void prefetch('/api/a', H, {}, PRESS_TTL_MS);
    expect(takePrefetched('/api/a', H, now + PRESS_TTL_MS + 50)).toBeUndefined();
    void prefetch('/api/b', H, {}, PRESS_TTL_MS);
    void prefetch('/api/b', H);
    expect(calls).toEqual(['/api/a', '/api/b']);
    expect(takePrefetched('/api/b', H, now + PRESS_TTL_MS + 50)).toBeDefined();
  });

  it('keeps an answer for its longest ttl from its own request, not from each later ask', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.now();
      void prefetch('/api/a', H, {}, PRESS_TTL_MS);
      // asked again briefly just before it expires (the pointer rests on the menu item again): fresh, not sent again
      vi.setSystemTime(t0 + PRESS_TTL_MS - 100);
      void prefetch('/api/a', H, {}, PRESS_TTL_MS);
      expect(calls).toEqual(['/api/a']);
      // but no older than a brief ask's answer may be
      expect(takePrefetched('/api/a', H, t0 + PRESS_TTL_MS + 50)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets answers nobody took once they are stale, as the next one is asked for', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.now();
      for (let i = 0; i < 5; i++) void prefetch(`/api/list?current=${i}`, H, {}, PRESS_TTL_MS);
      vi.setSystemTime(t0 + PRESS_TTL_MS + 1);
      void prefetch('/api/list?current=9', H, {}, PRESS_TTL_MS);
      const reg = (globalThis as unknown as Record<string, Map<string, unknown>>).__consolePrefetch;
      expect([...reg.keys()].map((k) => k.split('\n')[0])).toEqual(['/api/list?current=9']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a stale answer and a failed fetch', async () => {
    void prefetch('/api/a', H);
    expect(takePrefetched('/api/a', H, Date.now() + PREFETCH_TTL_MS + 1)).toBeUndefined();
    await prefetch('/api/down', H).catch(() => undefined);
    await Promise.resolve();
    expect(takePrefetched('/api/down', H)).toBeUndefined();
  });
});

describe('query strings without json-bigint', () => {
  it('repeats arrays, leaves empties out and writes BigInts exactly', () => {
    expect(toQuery({ a: [1, 2], b: 'x', c: undefined, d: null, e: '' })).toBe('a=1&a=2&b=x');
    expect(toQuery({ id: 1876543210987654321n })).toBe('id=1876543210987654321');
    expect(stringifyExact({ id: 1876543210987654321n, s: 'x' })).toBe('{"id":1876543210987654321,"s":"x"}');
    expect(toQuery({ range: { from: 1n } })).toBe(`range=${encodeURIComponent('{"from":1}')}`);
  });
});
