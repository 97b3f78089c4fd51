import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureBundledMessages, loadMessages } from '../shell/i18n/load-messages';

afterEach(() => {
  configureBundledMessages(null);
  vi.restoreAllMocks();
});

describe("zh-CN's messages shipped with the app", () => {
  it('say what /locales/zh-CN.json says (npm run gen merges the same files)', async () => {
    const { BUNDLED_ZH } = await import('./bundled-messages');
    const { $comment, ...served } = JSON.parse(readFileSync(new URL('../../public/locales/zh-CN.json', import.meta.url), 'utf8')) as Record<string, string>;
    expect($comment).toMatch(/generated/);
    expect(BUNDLED_ZH).toEqual(served);
  });

  it('show the labels, not their keys, when neither language file can be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // as App.tsx hands it over
    configureBundledMessages(() => import('./bundled-messages').then((m) => m.BUNDLED_ZH));
    const blocked = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const { locale, messages } = await loadMessages('en-US', blocked, async () => undefined);
    expect(locale).toBe('zh-CN');
    expect(messages['menu.index']).toBe('首页');
    expect(messages['menu.order']).toBe('订单管理');
    expect(messages['app.title']).toBe('后台管理系统');
    expect(messages['renderer.search']).toBeTruthy();
    expect(messages['enum.orderStatus.pending']).toBeTruthy();
  });
});
