/**
 * A test client for the live-update stream: asks for a one-use ticket with the session header
 * (POST /api/live/ticket), opens GET /api/live/stream?ticket=… over a real socket, as the console's
 * EventSource does, reads the server-sent events and waits for them.
 *
 * @example
 * const s = await openEventStream(baseUrl, token);
 * const e = await s.next('order', (d) => d.id === id); // rejects after 3 s
 * s.close();
 */
import { parseJson } from '../core/json';

export interface StreamEvent {
  event: string;
  data: any;
  /** Date.now() when it arrived */
  at: number;
}

export interface EventStream {
  status: number;
  /** the JSON envelope when the server refused the stream */
  refusal?: any;
  events: StreamEvent[];
  /** the first event named `event` (matching `pred`) not taken yet, waiting up to `timeoutMs` */
  next(event: string, pred?: (data: any) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** resolves once the server has ended the stream */
  ended: Promise<void>;
  close(): void;
}

/** Asks for a one-use ticket with the session header (POST /api/live/ticket): the ticket, or the refusal's envelope. */
export async function liveTicket(baseUrl: string, token: string): Promise<{ ticket?: string; refusal?: any }> {
  const res = await fetch(`${baseUrl}/api/live/ticket`, { method: 'POST', headers: { 'x-misi-token': token, 'content-type': 'application/json' }, body: '{}' });
  const body = parseJson(await res.text()) as any;
  return body.code === 0 ? { ticket: body.data.ticket } : { refusal: body };
}

/** Opens the stream as the console does: a ticket for `token` first, then the stream with it. */
export async function openEventStream(baseUrl: string, token: string): Promise<EventStream> {
  const { ticket, refusal } = await liveTicket(baseUrl, token);
  if (!ticket) return refused(0, refusal);
  return openWithTicket(baseUrl, ticket);
}

function refused(status: number, refusal: any): EventStream {
  return {
    status,
    refusal,
    events: [],
    next: () => Promise.reject(new Error(`stream refused: ${status} ${JSON.stringify(refusal)}`)),
    ended: Promise.resolve(),
    close: () => undefined,
  };
}

/** Opens GET /api/live/stream with a ticket as given (or none). */
export async function openWithTicket(baseUrl: string, ticket: string | undefined): Promise<EventStream> {
  const ac = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/stream${ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`}`, { signal: ac.signal });
  const events: StreamEvent[] = [];
  const taken = new Set<StreamEvent>();
  const waiters = new Set<() => void>();
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await res.text();
    return refused(res.status, body ? parseJson(body) : undefined);
  }
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          events.push({ event, data: parseJson(data.join('\n')), at: Date.now() });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      /* aborted */
    }
    endedResolve();
    for (const w of [...waiters]) w();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  return {
    status: res.status,
    events,
    ended,
    next(event, pred = () => true, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const hit = events.find((e) => !taken.has(e) && e.event === event && pred(e.data));
          if (hit) {
            taken.add(hit);
            done();
            resolve(hit);
          } else if (finished) {
            done();
            reject(new Error(`stream ended without a "${event}" event (got: ${events.map((e) => e.event).join(', ')})`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no "${event}" event within ${timeoutMs} ms (got: ${JSON.stringify(events)})`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
    close: () => ac.abort(),
  };
}
