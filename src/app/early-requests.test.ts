// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import order from '../../schemas/order.json';
import zh from '../../public/locales/zh-CN.json';
import type { Resource } from '../schema';
import { callApi } from '../shell/request/client';
import { clearPrefetched } from '../shell/request/prefetch';
import { loadMessages } from '../shell/i18n/load-messages';
import { listQuery, parseListState, filtersForCounts } from '../engine/search-params';
import { sendEarlyRequests } from './early-requests';

const resource = order as unknown as Resource;

describe('sendEarlyRequests', () => {
  let requests: string[] = [];
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
  const answer = (url: string) => {
    if (url.startsWith('/locales/')) return new Response(JSON.stringify(zh), { status: 200 });
    if (url.startsWith('/api/user/info')) return ok({ id: 1, username: 'finance', nickname: '财务', roles: ['finance'] });
    if (url.startsWith('/api/order/list')) return ok({ list: [{ id: '1876543210987654321', orderNo: 'SO1' }], total: 1, totalExact: true });
    if (url.startsWith('/api/order/count')) return ok({ pending: 1 });
    if (url.startsWith('/api/order/config')) return ok({ autoAssign: true });
    return new Response('', { status: 404 });
  };

  beforeEach(() => {
    requests = [];
    clearPrefetched();
    localStorage.clear();
    localStorage.setItem('Authorization', 'tok-0123456789abcdef');
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(String(url));
      return answer(String(url));
    });
    history.replaceState(null, '', '/order?tab=pending&customerName=%E5%BC%A0&current=2');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the list for the URL, its counts, the toolbar switch, the user and the messages at once', async () => {
    expect(await sendEarlyRequests()).toBe(true);
    expect(requests.map((u) => u.split('?')[0]).sort()).toEqual([
      '/api/order/config',
      '/api/order/count',
      '/api/order/list',
      '/api/user/info',
      '/locales/zh-CN.json',
    ]);
    expect(requests.find((u) => u.startsWith('/api/order/list'))).toBe('/api/order/list?customerName=%E5%BC%A0&status=pending&current=2&pageSize=20');
  });

  it("answers the app's first identical calls, so nothing is asked twice, and keeps 64-bit ids exact", async () => {
    await sendEarlyRequests();
    const state = parseListState(resource, new URLSearchParams(location.search));
    const before = requests.length;
    const list = (await callApi(resource.api!.list, listQuery(resource, state))) as { list: { id: string }[] };
    await callApi(resource.api!.count, filtersForCounts(resource, state.filters));
    await callApi(resource.api!.config, undefined);
    await callApi({ method: 'GET', path: '/user/info' });
    const messages = await loadMessages('zh-CN');
    expect(requests.length).toBe(before);
    expect(String(list.list[0].id)).toBe('1876543210987654321');
    expect(messages.messages['menu.order']).toBe((zh as Record<string, string>)['menu.order']);
    // each early answer is used once: the next identical call goes to the server
    await callApi(resource.api!.list, listQuery(resource, state));
    expect(requests.length).toBe(before + 1);
  });

  it('leaves out a list the remembered roles may not open (it shows 403); sends it when they may or none are known', async () => {
    history.replaceState(null, '', '/merchant');
    localStorage.setItem('rolesHint', 'dispatcher');
    expect(await sendEarlyRequests()).toBe(true);
    expect(requests.map((u) => u.split('?')[0]).sort()).toEqual(['/api/user/info', '/locales/zh-CN.json']);
    for (const hint of ['admin', null]) {
      requests = [];
      clearPrefetched();
      if (hint) localStorage.setItem('rolesHint', hint);
      else localStorage.removeItem('rolesHint');
      await sendEarlyRequests();
      expect(requests.some((u) => u.startsWith('/api/merchant/list'))).toBe(true);
    }
  });

  it('sends nothing without a session or on a route that is not a list', async () => {
    localStorage.removeItem('Authorization');
    expect(await sendEarlyRequests()).toBe(false);
    localStorage.setItem('Authorization', 'tok-0123456789abcdef');
    history.replaceState(null, '', '/dashboard');
    expect(await sendEarlyRequests()).toBe(false);
    history.replaceState(null, '', '/login');
    expect(await sendEarlyRequests()).toBe(false);
    expect(requests).toEqual([]);
  });
});
