import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureBundledMessages, loadMessages, RETRY_DELAYS_MS } from './load-messages';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
/** No real waiting between tries; the waits asked for are kept. */
const waits: number[] = [];
const noWait = async (ms: number) => void waits.push(ms);
const down = async () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  waits.length = 0;
  configureBundledMessages(null);
  vi.restoreAllMocks();
});

describe('loadMessages', () => {
  it('fetches /locales/<locale>.json', async () => {
    const f = vi.fn(async (url: string) => (url === '/locales/en-US.json' ? ok({ 'app.title': 'Back Office' }) : ok({})));
    expect(await loadMessages('en-US', f, noWait)).toEqual({ locale: 'en-US', messages: { 'app.title': 'Back Office' } });
  });

  it('falls back to zh-CN when the locale file fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ 'app.title': '后台管理系统' }) : new Response('nope', { status: 404 })));
    expect(await loadMessages('en-US', f, noWait)).toEqual({ locale: 'zh-CN', messages: { 'app.title': '后台管理系统' } });
  });

  it('falls back to zh-CN when the locale file is not a message object, or the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ a: '甲' }) : ok(['x'])));
    expect((await loadMessages('en-US', bad, noWait)).locale).toBe('zh-CN');
    const enDown = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ a: '甲' }) : down()));
    expect(await loadMessages('en-US', enDown, noWait)).toEqual({ locale: 'zh-CN', messages: { a: '甲' } });
  });

  it('tries a file that failed on the way (network, 5xx) twice more after a short wait, and keeps the language', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const flaky = vi.fn(async () => (++calls === 1 ? down() : calls === 2 ? new Response('', { status: 503 }) : ok({ 'app.title': 'Back Office' })));
    expect(await loadMessages('en-US', flaky, noWait)).toEqual({ locale: 'en-US', messages: { 'app.title': 'Back Office' } });
    expect(flaky).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
  });

  it('does not ask again for a file that is missing or no message object: another try cannot mend it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ a: '甲' }) : new Response('nope', { status: 404 })));
    await loadMessages('en-US', f, noWait);
    expect(f.mock.calls.map(([u]) => u)).toEqual(['/locales/en-US.json', '/locales/zh-CN.json']);
    expect(waits).toEqual([]);
  });

  it('when zh-CN cannot be fetched either, shows the zh-CN messages shipped with the app (after every try)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shipped = vi.fn(async () => ({ 'menu.index': '首页', 'app.title': '后台管理系统' }));
    configureBundledMessages(shipped);
    const f = vi.fn(down);
    for (const locale of ['en-US', 'zh-CN']) {
      f.mockClear();
      expect(await loadMessages(locale, f, noWait)).toEqual({ locale: 'zh-CN', messages: { 'menu.index': '首页', 'app.title': '后台管理系统' } });
      expect(f).toHaveBeenCalledTimes(locale === 'zh-CN' ? 3 : 6);
    }
  });

  it('keeps the built-in zh-CN texts when nothing can be fetched, the shipped messages included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureBundledMessages(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const r = await loadMessages('en-US', async () => new Response('', { status: 500 }), noWait);
    expect(r.locale).toBe('zh-CN');
    expect(r.messages['shell.loading']).toBe('加载中...');
    expect(r.messages['error.sessionExpired']).toBe('登录已过期');
  });
});

describe('built-in texts', () => {
  it('say the same as locales/zh-CN/shell.json', async () => {
    const { readFileSync } = await import('node:fs');
    const { BUILTIN_ZH } = await import('./builtin');
    const zh = JSON.parse(readFileSync(new URL('../../../locales/zh-CN/shell.json', import.meta.url), 'utf8')) as Record<string, string>;
    for (const [k, v] of Object.entries(BUILTIN_ZH)) expect(zh[k], k).toBe(v);
    expect(BUILTIN_ZH['shell.loading']).toBe('加载中...');
  });
});
