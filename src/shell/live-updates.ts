/**
 * The console's live-update connection: one server-sent event stream per tab. EventSource cannot send
 * the session header and the token must never be in a URL (URLs land in logs), so each connection
 * first asks for a one-use, 30-second ticket with the header (POST /api/live/ticket), then opens
 * GET /api/live/stream?ticket=…. It reconnects with a growing delay (1 s … 30 s, with jitter, a
 * new ticket each time) and stops for good when the user turned live updates off or the session ended.
 * What arrives is kept in a small store: the header badge (LiveBadge) and any screen (the order list's
 * bar) read it with `useLive` and `liveEventsSince`.
 *
 * @example
 * startLive();                                  // LiveBadge does, once signed in
 * const { count, href, seq } = useLive();
 * liveEventsSince(seq0)                         // the order events after seq0
 */
import { useSyncExternalStore } from 'react';
import { announceChanges } from '../engine';
import { appConfig } from './config';
import { getToken } from './session/token';

export interface LiveOrderEvent {
  /** insert | enter (now in the user's scope) | update | leave | bulk (many rows, count unknown) */
  op: string;
  id?: string;
  status?: string | null;
  n?: number;
  /** position in this tab's stream of events (1, 2, …) */
  seq: number;
  /** when it arrived (performance.now()) */
  at: number;
}

export interface LiveState {
  /** idle: not started; off: turned off by the user; open: events flowing; retrying: waiting to reconnect */
  status: 'idle' | 'connecting' | 'open' | 'retrying' | 'off';
  /** the badge: new pending orders in the user's scope since last seen */
  count: number;
  /** where the badge leads (the list of pending orders) */
  href: string | null;
  /** seq of the latest order event */
  seq: number;
}

const KEEP = 500;
let state: LiveState = { status: 'idle', count: 0, href: null, seq: 0 };
let events: LiveOrderEvent[] = [];
const listeners = new Set<() => void>();
let abort: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let delay = 1000;

function set(patch: Partial<LiveState>) {
  state = { ...state, ...patch };
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function liveState(): LiveState {
  return state;
}

export function useLive(): LiveState {
  return useSyncExternalStore(subscribe, liveState, liveState);
}

/** The order events received after `seq` (the store keeps the latest 500). */
export function liveEventsSince(seq: number): LiveOrderEvent[] {
  return events.filter((e) => e.seq > seq);
}

function handle(event: string, data: Record<string, unknown>) {
  if (event === 'count') set({ count: Number(data.count) || 0, href: typeof data.href === 'string' ? data.href : state.href });
  else if (event === 'order') {
    const e = { ...(data as Omit<LiveOrderEvent, 'seq' | 'at'>), seq: state.seq + 1, at: performance.now() };
    events = [...events.slice(-(KEEP - 1)), e];
    set({ seq: e.seq });
    // an open detail of this order reloads (a bulk change names no rows: every open one does)
    if (e.op === 'bulk') announceChanges('order', '*');
    else if (e.id) announceChanges('order', [e.id]);
  } else if (event === 'off') set({ status: 'off', count: 0 });
}

const EVENTS = ['count', 'order', 'off'] as const;

async function connect(ac: AbortController): Promise<'again' | 'stop'> {
  const token = getToken();
  if (!token) return 'stop';
  const prefix = appConfig.request.prefix.replace(/\/+$/, '');
  const res = await fetch(`${prefix}/live/ticket`, {
    method: 'POST',
    headers: { [appConfig.request.tokenHeader]: token, 'content-type': 'application/json' },
    body: '{}',
    cache: 'no-store',
    signal: ac.signal,
  });
  const body = (await res.json().catch(() => null)) as { code?: number; data?: { ticket?: string } } | null;
  const ticket = body?.code === 0 ? body.data?.ticket : undefined;
  // no session (401, or the envelope's "session expired"): the request layer's next call signs the
  // user out; nothing to retry. Anything else (5xx, a proxy's page): try again later.
  if (!ticket) return res.status === 401 || (res.ok && typeof body?.code === 'number') ? 'stop' : 'again';
  if (ac.signal.aborted) return 'stop';
  const es = new EventSource(`${prefix}/live/stream?ticket=${encodeURIComponent(ticket)}`);
  const opened = Date.now();
  return new Promise((resolve) => {
    const finish = (next: 'again' | 'stop') => {
      es.close();
      // a stream that stayed up a while ended normally (server restart, session check): retry soon
      if (Date.now() - opened > 10_000) delay = 1000;
      resolve(next);
    };
    es.onopen = () => set({ status: 'open' });
    for (const name of EVENTS)
      es.addEventListener(name, (e) => {
        try {
          handle(name, JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>);
        } catch {
          /* a malformed event is skipped */
        }
      });
    // ended or refused (429 too many tabs, the ticket spent): the browser would retry with the same
    // ticket; we close and start over with a new one, after the delay
    es.onerror = () => finish(state.status === 'off' ? 'stop' : 'again');
    ac.signal.addEventListener('abort', () => finish('stop'));
  });
}

function run() {
  retryTimer = undefined;
  const ac = new AbortController();
  abort = ac;
  set({ status: state.status === 'idle' ? 'connecting' : state.status });
  connect(ac)
    .catch(() => 'again' as const)
    .then((next) => {
      if (abort !== ac) return; // stopped or restarted meanwhile
      abort = null;
      if (next === 'stop' || state.status === 'off') {
        if (state.status !== 'off') set({ status: 'idle' });
        return;
      }
      set({ status: 'retrying' });
      retryTimer = setTimeout(run, delay * (0.75 + Math.random() * 0.5));
      delay = Math.min(delay * 2, 30_000);
    });
}

/** Opens the stream (once; again after `stopLive`). */
export function startLive(): void {
  if (abort || retryTimer !== undefined) return;
  delay = 1000;
  run();
}

/** Closes the stream and forgets what it said (sign-out, another user). */
export function stopLive(): void {
  abort?.abort();
  abort = null;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  events = [];
  set({ status: 'idle', count: 0, href: null, seq: 0 });
}

/** After the user turned live updates on or off: start over. */
export function restartLive(): void {
  stopLive();
  startLive();
}
