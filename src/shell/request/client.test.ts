// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../engine/runtime';
import { callApi, setRequestHooks } from './index';
import { arrivedData } from './client';
import { clearPrefetched, prefetch } from './prefetch';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let seen: Seen[] = [];
let reply: (req: Seen) => Response | Promise<Response> = () => json({ code: 0, msg: 'ok', data: null });
const navigate = vi.fn();
const notifyError = vi.fn();
const sessionEnded = vi.fn();

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  seen = [];
  reply = () => json({ code: 0, msg: 'ok', data: null });
  navigate.mockReset();
  notifyError.mockReset();
  sessionEnded.mockReset();
  localStorage.clear();
  setRequestHooks({ navigate, notifyError, sessionEnded, locale: () => 'en-US', translate: (k) => (k === 'error.sessionExpired' ? '登录已过期' : k) });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit & { headers?: Record<string, string> }) => {
    const req: Seen = { url: String(url), method: String(init.method), headers: { ...(init.headers ?? {}) }, body: init.body };
    seen.push(req);
    return reply(req);
  });
});
afterEach(() => vi.unstubAllGlobals());

const GET = (path: string, extra: object = {}) => ({ method: 'GET' as const, path, ...extra });
const POST = (path: string, extra: object = {}) => ({ method: 'POST' as const, path, ...extra });

describe('callApi', () => {
  it('joins prefix and path with exactly one slash', async () => {
    await callApi(POST('order/add'));
    await callApi(POST('/order/add'));
    expect(seen.map((s) => s.url)).toEqual(['/api/order/add', '/api/order/add']);
  });

  it('sends JSON by default and resolves with data', async () => {
    reply = () => json({ code: 0, msg: 'ok', data: { ok: 1 } });
    const data = await callApi(POST('/user/add'), { nickname: '张三', roles: ['admin'] });
    expect(data).toEqual({ ok: 1 });
    expect(seen[0].headers['Content-Type']).toMatch(/application\/json/);
    expect(JSON.parse(String(seen[0].body))).toEqual({ nickname: '张三', roles: ['admin'] });
  });

  it('puts GET input in the query with repeated names for arrays and no empty values', async () => {
    await callApi(GET('/order/list'), { status: ['pending', 'assigned'], current: 2, keyword: '', x: undefined });
    expect(seen[0].url).toBe('/api/order/list?status=pending&status=assigned&current=2');
  });

  it('sends the token as x-misi-token and the locale as x-locale', async () => {
    localStorage.setItem('Authorization', 'tok-123');
    await callApi(GET('/order/list'));
    expect(seen[0].headers['x-misi-token']).toBe('tok-123');
    expect(seen[0].headers['x-locale']).toBe('en-US');
  });

  it('sends no token on exempt paths and public bindings, but still the locale', async () => {
    localStorage.setItem('Authorization', 'tok-123');
    await callApi(POST('/user/login'));
    await callApi(GET('/public/health'));
    await callApi(POST('/delivery/sf/push'));
    await callApi(GET('/dict/user', { public: true }));
    for (const s of seen) {
      expect(s.headers['x-misi-token']).toBeUndefined();
      expect(s.headers['x-locale']).toBe('en-US');
    }
  });

  it('sends Idempotency-Key when asked', async () => {
    await callApi(POST('/order/refund', { idempotent: true }), { id: '1' }, { idempotencyKey: 'k-1' });
    expect(seen[0].headers['Idempotency-Key']).toBe('k-1');
  });

  it('keeps 64-bit ids exact in responses and requests', async () => {
    reply = () => json('{"code":0,"msg":"ok","data":{"id":1876543210987654321,"n":5}}');
    const data = await callApi<{ id: string; n: number }>(GET('/order/getById'));
    expect(data).toEqual({ id: '1876543210987654321', n: 5 });
    await callApi(POST('/order/edit'), { id: BigInt('1876543210987654321') });
    expect(String(seen[1].body)).toBe('{"id":1876543210987654321}');
  });

  it('keeps an unparsable body as the raw text', async () => {
    reply = () => new Response('plain words', { status: 200 });
    expect(await callApi(GET('/x/y'))).toBe('plain words');
  });

  it('on code 100000: shows 登录已过期, clears the token and goes to /login', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 100000, msg: 'server.sessionExpired', data: null });
    await expect(callApi(GET('/order/list'))).rejects.toMatchObject({ code: 100000 });
    expect(notifyError).toHaveBeenCalledWith('登录已过期');
    expect(localStorage.getItem('Authorization')).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on code 100000 with redirectOn401 false (user info): still handled as expired', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 100000, msg: 'x', data: null });
    await expect(callApi(GET('/user/info'), undefined, { redirectOn401: false })).rejects.toMatchObject({ code: 100000 });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('shows the expired message once for parallel expired replies', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 100000, msg: 'x', data: null });
    await Promise.allSettled([callApi(GET('/a/b')), callApi(GET('/a/c')), callApi(GET('/a/d'))]);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('on HTTP 401 of a non-public call: goes to /login', async () => {
    reply = () => json({ code: 40100, msg: 'not signed in', data: null }, 401);
    await expect(callApi(GET('/order/list'))).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on HTTP 401 of a public call: no navigation', async () => {
    reply = () => json({ code: 40100, msg: 'bad', data: null }, 401);
    await expect(callApi(POST('/user/login'))).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('with redirectOn401 false: a 401 is only thrown (the guard sends it to /401)', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 40100, msg: 'no', data: null }, 401);
    await expect(callApi(GET('/user/info'), undefined, { redirectOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('Authorization')).toBe('tok');
  });

  it('turns other non-zero codes into ApiError with the server message', async () => {
    reply = () => json({ code: 40900, msg: '订单已结算，不能退款', data: { status: 'settled' } }, 409);
    const err = await callApi(POST('/order/refund')).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: '订单已结算，不能退款', code: 40900, status: 409, data: { status: 'settled' } });
  });

  it('shows the 429 message from the server', async () => {
    reply = () => json({ code: 42900, msg: '尝试次数过多，请 15 分钟后再试', data: null }, 429);
    await expect(callApi(POST('/user/login'))).rejects.toMatchObject({ message: '尝试次数过多，请 15 分钟后再试', status: 429 });
  });

  it('sends multipart with repeated array fields when the binding says so', async () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await callApi(POST('/order/add', { multipart: true }), { tags: ['a', 'b'], name: '订单', pic: file });
    const fd = seen[0].body as FormData;
    expect(fd).toBeInstanceOf(FormData);
    expect(fd.getAll('tags')).toEqual(['a', 'b']);
    expect(fd.get('name')).toBe('订单');
    expect((fd.get('pic') as File).name).toBe('a.png');
    expect(seen[0].headers['Content-Type']).toBeUndefined();
  });

  it('sends cleared multipart values as one empty part each, and leaves undefined out', async () => {
    await callApi(POST('/store/edit', { multipart: true }), {
      id: '1876543210987654321',
      phone: null,
      remark: '',
      photos: [],
      tags: [null, 'a'],
      note: undefined,
    });
    const fd = seen[0].body as FormData;
    expect([...fd.keys()]).toEqual(['id', 'phone', 'remark', 'photos', 'tags']);
    expect(fd.getAll('phone')).toEqual(['']);
    expect(fd.getAll('remark')).toEqual(['']);
    expect(fd.getAll('photos')).toEqual(['']);
    expect(fd.getAll('tags')).toEqual(['a']);
    expect(fd.get('id')).toBe('1876543210987654321');
    expect(fd.has('note')).toBe(false);
  });

  it('sends a GET in the calling task (a click handler), before any promise hop lets a render run first', async () => {
    const pending = callApi(GET('/order/list'), { current: 2, pageSize: 20 });
    expect(seen.map((s) => s.url)).toEqual(['/api/order/list?current=2&pageSize=20']);
    expect(seen[0].headers).toMatchObject({ 'x-locale': 'en-US' });
    await pending;
  });

  it('uses the binding timeout over the default', async () => {
    vi.useFakeTimers();
    reply = () => new Promise<Response>(() => {});
    const slow = callApi(GET('/product/sync', { timeout: 600000 })).catch((e) => e);
    const normal = callApi(GET('/order/list')).catch((e) => e);
    await vi.advanceTimersByTimeAsync(30001);
    expect(await normal).toMatchObject({ message: 'shell.request.timeout' });
    let settled = false;
    void slow.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(500000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100001);
    expect(await slow).toBeInstanceOf(ApiError);
    vi.useRealTimers();
  });
});

describe('answers prefetched before the app booted (src/app/early-requests.ts)', () => {
  beforeEach(() => clearPrefetched());

  it('a GET with the same URL, token and locale takes the early answer: no second request, ids exact', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json('{"code":0,"msg":"ok","data":{"list":[{"id":1876543210987654321}],"total":1}}');
    void prefetch('/api/order/list?current=1&pageSize=20', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    const data = await callApi<{ list: { id: string }[] }>(GET('order/list'), { current: 1, pageSize: 20 });
    expect(data.list[0].id).toBe('1876543210987654321');
    expect(seen.map((r) => r.url)).toEqual(['/api/order/list?current=1&pageSize=20']);
    // the entry is used once: the next identical call goes to the server
    await callApi(GET('order/list'), { current: 1, pageSize: 20 });
    expect(seen).toHaveLength(2);
  });

  it('an early failure is interpreted like any answer (session expired → /login)', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 100000, msg: 'expired', data: null });
    void prefetch('/api/user/info', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    await expect(callApi(GET('/user/info'))).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(seen).toHaveLength(1);
  });

  it('another token or query goes to the network', async () => {
    localStorage.setItem('Authorization', 'tok2');
    void prefetch('/api/order/list?current=1', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    await callApi(GET('order/list'), { current: 1 });
    expect(seen).toHaveLength(2);
  });

  it('an early success that has arrived is there at once for a first render, and is used up only when taken', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json('{"code":0,"msg":"ok","data":{"list":[{"id":1876543210987654321}],"total":1}}');
    expect(arrivedData(GET('order/list'), { current: 1 })).toBeUndefined(); // nothing asked early
    const before = performance.now();
    await prefetch('/api/order/list?current=1', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    const after = performance.now();
    const early = arrivedData(GET('order/list'), { current: 1 });
    expect((early?.data as { list: { id: string }[] }).list[0].id).toBe('1876543210987654321');
    // when it was asked for and when it came, on the views' clock (Date.now() has whole milliseconds)
    expect(early!.askedAt).toBeGreaterThanOrEqual(before - 1);
    expect(early!.askedAt).toBeLessThanOrEqual(early!.answeredAt);
    expect(early!.answeredAt).toBeLessThanOrEqual(after + 1);
    // read again (a render redone) it is still there; taken, it is gone, and the next call asks the server
    expect(arrivedData(GET('order/list'), { current: 1 })).toBeDefined();
    early!.take();
    expect(arrivedData(GET('order/list'), { current: 1 })).toBeUndefined();
    await callApi(GET('order/list'), { current: 1 });
    expect(seen).toHaveLength(2);
  });

  it('a call that takes an answer asked for ahead says when that was asked for', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json('{"code":0,"msg":"ok","data":{"list":[],"total":0}}');
    const before = performance.now();
    void prefetch('/api/order/list?current=2', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    await new Promise((r) => setTimeout(r, 30));
    const asked: number[] = [];
    await callApi(GET('order/list'), { current: 2 }, { onAskedBefore: (at) => asked.push(at) });
    expect(seen).toHaveLength(1); // the answer asked for ahead, not a second request
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeGreaterThanOrEqual(before - 1);
    expect(asked[0]).toBeLessThan(performance.now() - 20);
    // a call that asks the server itself says nothing
    await callApi(GET('order/list'), { current: 3 }, { onAskedBefore: (at) => asked.push(at) });
    expect(asked).toHaveLength(1);
  });

  it('a write forgets the answers asked for ahead: the GET after it asks the server again', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json('{"code":0,"msg":"ok","data":{"list":[],"total":0}}');
    void prefetch('/api/order/list?current=2', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    await callApi(POST('order/close'), { id: '1' });
    await callApi(GET('order/list'), { current: 2 });
    expect(seen.map((r) => r.url)).toEqual(['/api/order/list?current=2', '/api/order/close', '/api/order/list?current=2']);
  });

  it('an early failure is never given at once: callApi interprets it as usual', async () => {
    localStorage.setItem('Authorization', 'tok');
    reply = () => json({ code: 100000, msg: 'expired', data: null });
    await prefetch('/api/user/info', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    expect(arrivedData(GET('/user/info'))).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    await expect(callApi(GET('/user/info'))).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it('an aborted call rejects without waiting for the early answer', async () => {
    localStorage.setItem('Authorization', 'tok');
    let release: () => void = () => {};
    reply = () => new Promise((r) => (release = () => r(json({ code: 0, data: 1 }))));
    void prefetch('/api/slow', { 'x-locale': 'en-US', 'x-misi-token': 'tok' });
    const ac = new AbortController();
    const p = callApi(GET('/slow'), undefined, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(ApiError);
    release();
  });
});
