import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from './load-messages';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('loadMessages', () => {
  it('fetches /locales/<locale>.json', async () => {
    const f = vi.fn(async (url: string) => (url === '/locales/en-US.json' ? ok({ 'app.title': 'Back Office' }) : ok({})));
    expect(await loadMessages('en-US', f)).toEqual({ locale: 'en-US', messages: { 'app.title': 'Back Office' } });
  });

  it('falls back to zh-CN when the locale file fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ 'app.title': '后台管理系统' }) : new Response('nope', { status: 404 })));
    expect(await loadMessages('en-US', f)).toEqual({ locale: 'zh-CN', messages: { 'app.title': '后台管理系统' } });
  });

  it('falls back to zh-CN when the locale file is not a message object, or the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = vi.fn(async (url: string) => (url === '/locales/zh-CN.json' ? ok({ a: '甲' }) : ok(['x'])));
    expect((await loadMessages('en-US', bad)).locale).toBe('zh-CN');
    const down = vi.fn(async (url: string) => {
      if (url === '/locales/zh-CN.json') return ok({ a: '甲' });
      throw new TypeError('Failed to fetch');
    });
    expect(await loadMessages('en-US', down)).toEqual({ locale: 'zh-CN', messages: { a: '甲' } });
  });

  it('keeps the built-in zh-CN texts when nothing can be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const r = await loadMessages('en-US', async () => new Response('', { status: 500 }));
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
