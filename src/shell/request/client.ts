/**
 * The request layer: every API call of the console goes through `callApi` (generated services and the
 * engine's Runtime.call alike). Rules (spec §7, §8; DESIGN §4):
 * - umi-request with the app.json prefix; a path is joined with exactly one slash; JSON by default;
 *   timeout app.json request.timeout unless the binding sets its own (product sync: 600000).
 * - x-misi-token = the stored token, except on exempt paths and public bindings; x-locale on every call;
 *   Idempotency-Key when asked; multipart when binding.multipart (arrays repeated).
 * - 64-bit numbers exact both ways (encode.ts: json-bigint's rules); a body that is not JSON is kept as the raw text.
 * - body code 100000 → "登录已过期" message, token cleared, /login; HTTP 401 on a non-public call → /login;
 *   any other non-zero code or HTTP error → ApiError with the server's message.
 *
 * @example
 * const page = await callApi<Page<Row>>({ method: 'GET', path: 'order/list' }, { current: 1, pageSize: 20 });
 */
import { extend, type RequestOptionsInit } from 'umi-request';
import type { ApiBinding } from '../../schema';
import { ApiError, type ArrivedData, type CallOptions } from '../../engine/runtime';
import { appConfig } from '../config';
import { clearToken, getToken } from '../session/token';
import { apiPath, apiUrl, isExemptPath } from './paths';
import { parseBody, stringifyBody, toFormData, toQuery } from './encode';
import { getUrl } from './query-string';
import { requestHooks } from './hooks';
import { arrivedPrefetched, clearPrefetched, onPrefetchArrival, prefetch, takePrefetched, type Prefetched } from './prefetch';

const settings = appConfig.request;

/** umi-request does not normalise slashes itself, so the prefix loses its trailing slash and paths get one leading slash. */
export const http = extend({
  prefix: settings.prefix.replace(/\/+$/, ''),
  timeout: settings.timeout,
  parseResponse: false,
  credentials: 'same-origin',
});

/** Options of the shell's own calls on top of the engine's CallOptions. */
export interface ShellCallOptions extends CallOptions {
  /**
   * false: an HTTP 401 is only thrown as ApiError, without clearing the token or going to /login
   * (the guard loads user info this way: a 401 there leads to /401, spec §8). Code 100000 is handled as always.
   */
  redirectOn401?: boolean;
}

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as Envelope).code === 'number';
}

/** True when the call carries no token and is not sent to /login on 401/100000. */
export function isPublicCall(binding: Pick<ApiBinding, 'path' | 'public'>): boolean {
  return binding.public === true || isExemptPath(apiUrl(settings.prefix, binding.path), settings.exemptPaths);
}

/** Headers of one call: locale always, token unless public, Idempotency-Key when asked. */
export function callHeaders(binding: Pick<ApiBinding, 'path' | 'public'>, options?: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { 'x-locale': requestHooks().locale() };
  const token = getToken();
  if (token && !isPublicCall(binding)) headers[settings.tokenHeader] = token;
  if (options?.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return headers;
}

function expireSession(): void {
  const hooks = requestHooks();
  // Parallel calls can all come back expired: tell the user once, while the token is still there.
  if (getToken()) hooks.notifyError(hooks.translate('error.sessionExpired'));
  clearToken();
  hooks.sessionEnded();
  hooks.navigate('/login');
}

/**
 * Turns a response (status + body text) into the envelope's data or an ApiError, applying the session
 * rules. Shared by fetch calls, uploads (XHR) and downloads.
 */
export function interpret(status: number, statusText: string, text: string, binding: Pick<ApiBinding, 'path' | 'public'>, redirectOn401 = true): unknown {
  const body = parseBody(text);
  const publicCall = isPublicCall(binding);
  if (status === 401 && !publicCall) {
    if (redirectOn401) {
      clearToken();
      requestHooks().sessionEnded();
      requestHooks().navigate('/login');
    }
    throw new ApiError(
      isEnvelope(body) && body.msg ? body.msg : statusText || 'Unauthorized',
      isEnvelope(body) ? body.code : 40100,
      401,
      isEnvelope(body) ? body.data : undefined,
    );
  }
  if (isEnvelope(body)) {
    if (body.code === settings.expiredCode && !publicCall) {
      expireSession();
      throw new ApiError(requestHooks().translate('error.sessionExpired'), body.code, status, body.data);
    }
    if (body.code !== 0) throw new ApiError(body.msg || requestHooks().translate('shell.request.failed'), body.code, status, body.data);
    if (status >= 400) throw new ApiError(body.msg || statusText, body.code, status, body.data);
    return body.data;
  }
  if (status < 200 || status >= 300) {
    const msg = typeof body === 'string' && body && body.length < 300 ? body : statusText || requestHooks().translate('shell.request.failed');
    throw new ApiError(msg, status * 100, status, body);
  }
  // Not an envelope: JSON kept as parsed, anything else as the raw text.
  return body;
}

function transportError(e: unknown): ApiError {
  const t = requestHooks().translate;
  const err = e as { type?: string; name?: string; message?: string };
  if (err?.type === 'Timeout') return new ApiError(t('shell.request.timeout'), 0, 0);
  if (err?.name === 'AbortError') return new ApiError(err.message || 'aborted', 0, 0);
  return new ApiError(t('shell.request.network'), 0, 0);
}

/** Sends one binding and returns the raw fetch Response (no body read yet). */
export async function send(
  binding: ApiBinding,
  input: Record<string, unknown> | undefined,
  options: CallOptions | undefined,
  extra?: RequestOptionsInit,
): Promise<Response> {
  const method = binding.method;
  const init: RequestOptionsInit = {
    method,
    headers: callHeaders(binding, options),
    timeout: binding.timeout ?? settings.timeout,
    signal: options?.signal,
    ...extra,
  };
  let url = apiPath(binding.path);
  if (method === 'GET') {
    const q = toQuery(input);
    if (q) url += `?${q}`;
  } else if (binding.multipart) {
    // as the fetch body itself: umi-request would JSON-encode a FormData it does not recognise
    init.body = toFormData(input);
  } else {
    init.data = stringifyBody(input ?? {});
    init.headers = { ...init.headers, 'Content-Type': 'application/json;charset=UTF-8' };
  }
  try {
    return (await http(url, init)) as unknown as Response;
  } catch (e) {
    throw transportError(e);
  }
}

/**
 * The data of a GET the entry asked for early (src/app/early-requests.ts) whose successful answer has
 * already arrived, at once (so the list's first render can show its rows instead of an empty table
 * first). Read during a render, so nothing is taken then (a render React throws away and redoes must
 * find it again): `take()` it once the view is on screen, and `callApi` no longer answers with it.
 * Anything else — no such answer yet, an error, an expired session — is undefined, and `callApi`
 * handles it as usual, the answer included.
 */
export function arrivedData(binding: ApiBinding, input?: Record<string, unknown>): ArrivedData | undefined {
  if (binding.method !== 'GET') return undefined;
  const url = getUrl(settings.prefix, binding.path, input);
  const headers = callHeaders(binding);
  const r = arrivedPrefetched(url, headers);
  if (!r || r.status !== 200) return undefined;
  let read = parsed.get(r);
  if (!read) {
    // one shift for both times: Date.now() is whole milliseconds, so two shifts could differ by one and
    // put the question after its answer
    const shift = pageClockShift();
    parsed.set(r, (read = { body: parseBody(r.text), askedAt: r.askedAt - shift, answeredAt: r.answeredAt - shift }));
  }
  const body = read.body;
  if (!isEnvelope(body) || body.code !== 0) return undefined;
  return { data: body.data, take: () => void takePrefetched(url, headers), askedAt: read.askedAt, answeredAt: read.answeredAt };
}

/** Calls `listener` each time the answer `arrivedData` would give for this GET arrives; returns its removal. */
export function onArrivalOf(binding: ApiBinding, input: Record<string, unknown> | undefined, listener: () => void): () => void {
  if (binding.method !== 'GET') return () => {};
  return onPrefetchArrival(getUrl(settings.prefix, binding.path, input), callHeaders(binding), listener);
}

/**
 * Each arrived answer read once: every read of the same answer gives the same data and times (a list
 * drawn ahead from it, then visited, knows its rows are that answer's, and draws none of them again).
 */
const parsed = new WeakMap<Prefetched, { body: unknown; askedAt: number; answeredAt: number }>();

/** What to take off a time of Date.now() to have it on the views' clock (performance.now()). */
function pageClockShift(): number {
  return Date.now() - performance.now();
}

/** A prefetched answer's time (Date.now()) on the views' clock (performance.now()). */
function onPageClock(epochMs: number): number {
  return epochMs - pageClockShift();
}

/**
 * Sends a GET binding's call now, ahead of the view that will make it (a screen route's loader, as the
 * navigation starts): the view's identical call (same URL, token and locale) takes this answer, within
 * `ttl` ms (prefetch.ts). Settles (never rejects) once the answer is in, whatever it was.
 */
export function prefetchCall(binding: ApiBinding, input?: Record<string, unknown>, ttl?: number): Promise<void> {
  if (binding.method !== 'GET') return Promise.resolve();
  return prefetch(getUrl(settings.prefix, binding.path, input), callHeaders(binding), {}, ttl).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The answer the entry fetched early (src/app/early-requests.ts) for exactly this GET (same URL, token and locale), if any:
 * the app's first list, counts and user-info calls then cost no second round trip. Honours `signal`.
 */
function prefetchedAnswer(binding: ApiBinding, input: Record<string, unknown> | undefined, options: CallOptions | undefined): Promise<Prefetched> | undefined {
  const hit = takePrefetched(getUrl(settings.prefix, binding.path, input), callHeaders(binding, options));
  if (!hit) return undefined;
  const signal = options?.signal;
  if (!signal) return hit.catch((e: unknown) => Promise.reject(transportError(e)));
  return new Promise<Prefetched>((resolve, reject) => {
    const abort = () => reject(transportError(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    hit.then(resolve, (e: unknown) => reject(transportError(e))).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * A GET sent with fetch in this very task. Through umi-request the fetch left only after several
 * promise hops, and React's render of the clicked component's own state (a ProTable re-rendering
 * its rows) ran in between: the list request of a page-2 click waited ~0.3 s for it (bench/profile.ts).
 * Same URL, headers, timeout and errors as send(); the body is read by the caller.
 */
function getNow(binding: ApiBinding, input: Record<string, unknown> | undefined, options: CallOptions | undefined): Promise<Response> {
  const url = getUrl(settings.prefix, binding.path, input);
  const ac = new AbortController();
  const outer = options?.signal;
  const onAbort = () => ac.abort();
  if (outer?.aborted) ac.abort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const ms = binding.timeout ?? settings.timeout;
  return new Promise<Response>((resolve, reject) => {
    const timer = ms
      ? setTimeout(() => {
          reject(transportError({ type: 'Timeout' }));
          ac.abort();
        }, ms)
      : undefined;
    fetch(url, { method: 'GET', headers: callHeaders(binding, options), credentials: 'same-origin', signal: ac.signal })
      .then(resolve, (e: unknown) => reject(transportError(e)))
      .finally(() => {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onAbort);
      });
  });
}

/**
 * Performs one API binding and resolves with the envelope's `data` (see the file comment for the rules).
 *
 * @example
 * await callApi({ method: 'POST', path: 'order/refund', idempotent: true }, { id, amount: '10.00' }, { idempotencyKey: key });
 */
export async function callApi<T = unknown>(binding: ApiBinding, input?: Record<string, unknown>, options?: ShellCallOptions): Promise<T> {
  if (binding.method !== 'GET') {
    // a write may change what any answer asked for ahead (a press, a pointer resting on a pager item
    // or a tab) says: once it is done, each such GET is asked again
    try {
      return await answer<T>(binding, input, options);
    } finally {
      clearPrefetched();
    }
  }
  return answer<T>(binding, input, options);
}

async function answer<T>(binding: ApiBinding, input: Record<string, unknown> | undefined, options: ShellCallOptions | undefined): Promise<T> {
  const early = binding.method === 'GET' ? prefetchedAnswer(binding, input, options) : undefined;
  if (early) {
    const r = await early;
    options?.onAskedBefore?.(onPageClock(r.askedAt));
    return interpret(r.status, r.statusText, r.text, binding, options?.redirectOn401 ?? true) as T;
  }
  const res = binding.method === 'GET' ? await getNow(binding, input, options) : await send(binding, input, options);
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw transportError(e);
  }
  return interpret(res.status, res.statusText, text, binding, options?.redirectOn401 ?? true) as T;
}
