/**
 * Responses fetched before the app booted (by the entry's early requests, src/app/early-requests.ts, while the app's code downloads), handed to
 * the app's own first call of the same URL with the same token and locale, so that call costs no
 * second round trip. Each entry is used once and only while fresh; anything else goes to the network.
 * The registry lives on globalThis: the entry and the app are separate bundles.
 *
 * @example
 * prefetch('/api/order/list?current=1&pageSize=20', { 'x-locale': 'zh-CN', 'x-misi-token': t });
 * const hit = takePrefetched('/api/order/list?current=1&pageSize=20', sameHeaders); // once, then undefined
 */
export interface Prefetched {
  status: number;
  statusText: string;
  text: string;
  /** when (Date.now()) it was asked for, and when its body had come */
  askedAt: number;
  answeredAt: number;
}

interface Entry {
  at: number;
  /** how long after `at` the answer may still be handed over */
  ttl: number;
  response: Promise<Prefetched>;
  /** the answer, once it has arrived */
  settled?: Prefetched;
}

/** An entry older than this is stale: the app asks the server again. */
export const PREFETCH_TTL_MS = 15_000;

/**
 * The life of an answer asked for on a press, before the click that would use it: a press that ends
 * elsewhere (no click) leaves an answer no later click should take. A click that follows asks the same
 * GET again, which gives the entry the full PREFETCH_TTL_MS.
 */
export const PRESS_TTL_MS = 2_000;
const KEY = '__consolePrefetch';

function registry(): Map<string, Entry> {
  const g = globalThis as unknown as Record<string, Map<string, Entry> | undefined>;
  return (g[KEY] ??= new Map());
}

/** The identity of a call: URL plus every header that can change the answer. */
function keyOf(url: string, headers: Record<string, string>): string {
  const h = Object.keys(headers)
    .map((k) => k.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return [url, ...h.map((k) => `${k}:${lower[k]}`)].join('\n');
}

/**
 * Starts a GET now and keeps its answer for the app's first identical call, for `ttl` ms from now. The
 * same GET already started and still fresh (the entry's early list request, then the route's loader on
 * the first navigation) is not sent again; it is kept for `ttl` from its own request if that is longer.
 * From its request, not from this ask: a brief ask repeated (a pointer resting on a menu item again and
 * again) must not keep an ever older answer.
 */
export function prefetch(url: string, headers: Record<string, string>, init: RequestInit = {}, ttl = PREFETCH_TTL_MS): Promise<Prefetched> {
  const key = keyOf(url, headers);
  const started = registry().get(key);
  if (started && Date.now() - started.at <= started.ttl) {
    started.ttl = Math.max(started.ttl, ttl);
    return started.response;
  }
  const at = Date.now();
  const response = fetch(url, { ...init, method: 'GET', headers, credentials: 'same-origin' }).then(async (r) => ({
    status: r.status,
    statusText: r.statusText,
    text: await r.text(),
    askedAt: at,
    answeredAt: Date.now(),
  }));
  const entry: Entry = { at, ttl, response };
  forgetStale(at);
  registry().set(key, entry);
  response
    .then((r) => {
      entry.settled = r;
      arrivals.get(key)?.forEach((l) => l());
    })
    .catch(() => undefined);
  // A failed prefetch is the app's call to make again, never an unhandled rejection.
  response.catch(() => registry().delete(key));
  return response;
}

/**
 * Drops the answers no call may take any more: asked for on a press or a resting pointer that ended
 * elsewhere, they are never taken, and a long session would keep every one of them.
 */
function forgetStale(now: number): void {
  const reg = registry();
  for (const [key, e] of reg) if (now - e.at > e.ttl) reg.delete(key);
}

/** The prefetched answer of this exact call, once; undefined when none is fresh. */
export function takePrefetched(url: string, headers: Record<string, string>, now = Date.now()): Promise<Prefetched> | undefined {
  const reg = registry();
  const key = keyOf(url, headers);
  const hit = reg.get(key);
  if (!hit) return undefined;
  reg.delete(key);
  return now - hit.at <= hit.ttl ? hit.response : undefined;
}

/**
 * The prefetched answer of this exact call if it has already arrived and is fresh, without taking it
 * (`takePrefetched` does, when the caller uses it); undefined otherwise.
 */
export function arrivedPrefetched(url: string, headers: Record<string, string>, now = Date.now()): Prefetched | undefined {
  const hit = registry().get(keyOf(url, headers));
  return hit?.settled && now - hit.at <= hit.ttl ? hit.settled : undefined;
}

/** Who waits for the answer of a call, by its identity (keyOf). */
const arrivals = new Map<string, Set<() => void>>();

/**
 * Calls `listener` each time a prefetched answer of this exact call arrives (`arrivedPrefetched` then
 * has it); returns its removal. A list drawn ahead draws the rows a press or a resting pointer asked
 * for as they come. Only that call's listeners run: an answer to anything else costs them nothing.
 */
export function onPrefetchArrival(url: string, headers: Record<string, string>, listener: () => void): () => void {
  const key = keyOf(url, headers);
  let set = arrivals.get(key);
  if (!set) arrivals.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size && arrivals.get(key) === set) arrivals.delete(key);
  };
}

/** Forgets every prefetched answer (sign-out, tests). */
export function clearPrefetched(): void {
  registry().clear();
}
