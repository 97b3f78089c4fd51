// @vitest-environment happy-dom
/**
 * The live-update client: a one-use ticket asked for with the session header, the stream opened with
 * the ticket (never the token) in its URL; events fill the store (badge count and link, order events
 * in order); "off" stops for good; an ended or refused stream is retried with a growing delay and a
 * new ticket; a session that ended is not retried; stopLive ends it and forgets.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from './config';
import { liveEventsSince, liveState, restartLive, startLive, stopLive } from './live-updates';
import { clearToken, setToken } from './session/token';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const prefix = appConfig.request.prefix.replace(/\/+$/, '');

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? []) fn({ data: JSON.stringify(data) });
  }
}

const tickets: { url: string; headers: Record<string, string> }[] = [];
let ticketAnswer: () => Response;

beforeEach(() => {
  tickets.length = 0;
  FakeEventSource.all = [];
  let n = 0;
  ticketAnswer = () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ticket: `tk${++n}` } }), { headers: { 'content-type': 'application/json' } });
  setToken(TOKEN);
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      tickets.push({ url, headers: init.headers as Record<string, string> });
      return ticketAnswer();
    }),
  );
});
afterEach(() => {
  stopLive();
  clearToken();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((r) => setTimeout(r, 0));
const last = () => FakeEventSource.all[FakeEventSource.all.length - 1];

describe('live updates client', () => {
  it('asks for a ticket with the header, opens the stream with the ticket only, and fills the store', async () => {
    startLive();
    await settle();
    expect(tickets[0].url).toBe(`${prefix}/live/ticket`);
    expect(tickets[0].headers[appConfig.request.tokenHeader]).toBe(TOKEN);
    expect(last().url).toBe(`${prefix}/live/stream?ticket=tk1`);
    expect(last().url).not.toContain(TOKEN);
    last().onopen?.();
    last().emit('count', { count: 2, href: '/order?tab=pending' });
    last().emit('order', { op: 'insert', id: '9007199254740993', status: 'pending' });
    last().emit('order', { op: 'update', id: '5', status: 'assigned' });
    expect(liveState()).toMatchObject({ status: 'open', count: 2, href: '/order?tab=pending', seq: 2 });
    expect(liveEventsSince(0).map((e) => [e.op, e.id, e.seq])).toEqual([
      ['insert', '9007199254740993', 1],
      ['update', '5', 2],
    ]);
    expect(liveEventsSince(1)).toHaveLength(1);
  });

  it('"off" stops for good: no reconnect, until turned on again', async () => {
    vi.useFakeTimers();
    startLive();
    await vi.advanceTimersByTimeAsync(0);
    last().onopen?.();
    last().emit('off', {});
    last().onerror?.(); // the server ends the stream
    await vi.advanceTimersByTimeAsync(60_000);
    expect(liveState().status).toBe('off');
    expect(FakeEventSource.all).toHaveLength(1);
    expect(last().closed).toBe(true);
    restartLive();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('an ended or refused stream is retried after a growing delay, each time with a new ticket', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: 1 s, then 2 s
    startLive();
    await vi.advanceTimersByTimeAsync(0);
    last().onopen?.();
    last().onerror?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(liveState().status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(last().url).toContain('ticket=tk2');
    last().onerror?.(); // refused (e.g. 429): never opened
    await vi.advanceTimersByTimeAsync(1990);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(last().url).toContain('ticket=tk3');
  });

  it('no ticket because the session ended: not retried; stopLive forgets everything', async () => {
    vi.useFakeTimers();
    ticketAnswer = () => new Response(JSON.stringify({ code: 100000, msg: 'expired', data: null }), { headers: { 'content-type': 'application/json' } });
    startLive();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveLength(1);
    expect(FakeEventSource.all).toHaveLength(0);
    expect(liveState()).toMatchObject({ status: 'idle', count: 0, seq: 0 });
  });
});
