/**
 * Live updates: server-sent event streams to open consoles, fed by the database's change notices.
 *
 * A table whose rows are "live" has the trigger of migrations/078_live_updates.sql: every committed
 * insert or update NOTIFYs the per-schema channel `live` (one notice per row, or one 'bulk' notice
 * for a statement of more than 100 rows), whoever wrote it. Each app hears them on one connection
 * (PostgreSQL `Db.listen`, reconnecting; PGlite its in-process notifications), so a change made on
 * any instance reaches the streams of every instance. Modules decide what a notice means for whom
 * (`subscribe`); this file keeps the streams: bounded per user and per app, a heartbeat that also
 * re-checks the session, closed at once when the session ends or the app shuts down.
 *
 * @example
 * const hub = liveHub(ctx.req);
 * const stream = await hub.open(ctx, user);               // hijacks the reply; 429 over the limits
 * stream.send('count', { count: 3 });
 * hub.subscribe((notice) => { for (const s of hub.streams()) s.send('order', notice); });
 * await notifyLive(ctx.db, { r: 'user', id: String(ctx.user!.id) });    // every instance hears it
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from '../../src/schema';
import { HttpError, type Db, type HandlerContext, type Listener, type SessionUser } from './contract';
import type { SqlDb } from './db';
import { stringifyJson } from './json';
import { onSessionsChanged } from './session-cache';
import { findSessionByHash, type SessionSettings } from './sessions';

/** One change notice, as the trigger (or `notifyLive`) sent it. Column values are text or null. */
export interface LiveNotice {
  /** resource name ('order'), or 'user' for a user's own live settings */
  r: string;
  /** 'insert' | 'update' | 'bulk' (many rows at once) | what `notifyLive` sent */
  op?: string;
  id?: string;
  /** rows in a bulk notice */
  n?: number;
  row?: Record<string, string | null>;
  old?: Record<string, string | null> | null;
}

export interface LiveStream {
  readonly user: SessionUser;
  readonly opened: number;
  /** sends one event (`data` as exact JSON); nothing once closed */
  send(event: string, data: unknown): void;
  /** ends the stream (the client reconnects unless told otherwise first) */
  close(): void;
  readonly closed: boolean;
  /** runs when the stream ends, for any reason */
  onClose(fn: () => void): void;
}

export interface LiveLimits {
  /** streams one user may hold on one instance (tabs, windows) */
  perUser: number;
  /** streams one instance holds at most */
  total: number;
  /** ms between heartbeats (a comment line, and a fresh session check) */
  heartbeatMs: number;
}

export const LIVE_LIMITS: LiveLimits = { perUser: 4, total: 2000, heartbeatMs: 15_000 };

export interface LiveHub {
  /** Opens an event stream for `user` on the request's reply (hijacked), once the change listener is ready. */
  open(ctx: HandlerContext, user: SessionUser): Promise<LiveStream>;
  streams(): readonly LiveStream[];
  /** every notice heard (any instance), in commit order; returns the unsubscribe */
  subscribe(fn: (notice: LiveNotice) => void): () => void;
  close(): Promise<void>;
}

const hubs = new WeakMap<object, LiveHub>();

/** The live hub of the app serving `req`. */
export function liveHub(req: FastifyRequest): LiveHub {
  for (let o: object | null = req.server; o; o = Object.getPrototypeOf(o)) {
    const h = hubs.get(o);
    if (h) return h;
  }
  throw new Error('liveHub: this request does not belong to an app built by buildApp()');
}

/** Announces a notice on the live channel, delivered to every instance when the caller's transaction commits. */
export async function notifyLive(db: Db, notice: LiveNotice): Promise<void> {
  await db.query("SELECT pg_notify('misi_live_' || left(md5(current_schema()), 16), $1)", [JSON.stringify(notice)]);
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const n = JSON.parse(payload) as LiveNotice;
    return n && typeof n.r === 'string' ? n : null;
  } catch {
    return null;
  }
}

/**
 * Creates the app's hub (buildApp does, once); the change listener starts with the first stream.
 * Streams end before the server closes (`preClose`), so a shutdown never waits for them.
 */
export function registerLive(app: FastifyInstance, db: Db, session: SessionSettings, limits: LiveLimits = LIVE_LIMITS): LiveHub {
  const subscribers = new Set<(n: LiveNotice) => void>();
  const open: LiveStream[] = [];
  let listening: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;
  let closing = false;

  const dispatch = (payload: string) => {
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const fn of subscribers) {
      try {
        fn(notice);
      } catch (err) {
        app.log.error({ err }, 'live update subscriber failed');
      }
    }
  };
  const listen = () =>
    (listening ??= (async () => {
      if (db.listen) {
        const listener: Listener = db.listen('live', {
          notify: dispatch,
          // Back after a drop: notices may have been missed; every stream reconnects and starts afresh.
          up: (up) => {
            if (up) for (const s of [...open]) s.close();
          },
        });
        stop = () => listener.close();
        await Promise.race([listener.ready, new Promise<void>((r) => setTimeout(r, 3000).unref())]);
      } else {
        const lite = db as Partial<SqlDb>;
        if (!lite.onNotify) throw new Error('live updates need a database that can notify (PostgreSQL or PGlite)');
        stop = await lite.onNotify('live', dispatch);
      }
    })());

  // A session ended or changed (revoke, disable, new roles or store) on any instance: every stream
  // checks its own again, and ends if it no longer stands as it was opened.
  const recheck = async (s: LiveStream) => {
    const now = await findSessionByHash(db, s.user.tokenHash, session).catch(() => undefined);
    if (now === undefined) return; // database unreachable: the next heartbeat tries again
    const u = s.user;
    if (!now || now.storeId !== u.storeId || now.merchantId !== u.merchantId || now.roles.join() !== u.roles.join()) s.close();
  };
  const offSessions = onSessionsChanged(() => {
    for (const s of [...open]) void recheck(s);
  });

  const hub: LiveHub = {
    async open(ctx, user) {
      if (!user) throw new HttpError(401, CODES.UNAUTHENTICATED, 'server.unauthenticated');
      if (closing) throw new HttpError(503, CODES.SERVER_ERROR, 'server.live.closing');
      const mine = open.filter((s) => s.user.id === user.id).length;
      if (mine >= limits.perUser) throw new HttpError(429, CODES.RATE_LIMITED, 'server.live.tooMany', { max: limits.perUser });
      if (open.length >= limits.total) throw new HttpError(503, CODES.SERVER_ERROR, 'server.live.busy');
      await listen();
      const raw = ctx.reply.raw;
      ctx.reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // a buffering proxy would hold events back
        'x-accel-buffering': 'no',
      });
      const closers: (() => void)[] = [];
      let closed = false;
      const stream: LiveStream = {
        user,
        opened: Date.now(),
        get closed() {
          return closed;
        },
        send(event, data) {
          if (closed) return;
          raw.write(`event: ${event}\ndata: ${stringifyJson(data)}\n\n`);
        },
        close() {
          if (closed) return;
          closed = true;
          clearInterval(beat);
          open.splice(open.indexOf(stream), 1);
          raw.end();
          for (const fn of closers.splice(0)) fn();
        },
        onClose(fn) {
          if (closed) fn();
          else closers.push(fn);
        },
      };
      open.push(stream);
      const beat = setInterval(() => {
        raw.write(': ping\n\n');
        void recheck(stream);
      }, limits.heartbeatMs);
      beat.unref();
      ctx.req.raw.on('close', () => stream.close());
      raw.on('error', () => stream.close());
      // the first bytes: the client knows it is connected (and proxies pass the headers on)
      raw.write(': live\n\n');
      return stream;
    },
    streams: () => open,
    subscribe(fn) {
      subscribers.add(fn);
      return () => void subscribers.delete(fn);
    },
    async close() {
      closing = true;
      offSessions();
      for (const s of [...open]) s.close();
      await stop?.().catch(() => undefined);
    },
  };
  hubs.set(app, hub);
  app.addHook('preClose', async () => hub.close());
  return hub;
}
