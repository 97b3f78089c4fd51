/**
 * A few seconds' memory of checked sessions, per app, so a signed-in client's burst of requests costs
 * one session query instead of one each (at 10 concurrent list calls that query was a quarter of the
 * database statements, and on PGlite ~1.4 ms of the single thread per request).
 *
 * Revocation in this process is immediate: `sessionsChanged()` (called by every revoke in sessions.ts,
 * and by anything else that changes who a session belongs to, e.g. a user's roles) makes every cached
 * entry of every app in the process stale at once. It runs when the statement is issued and again when
 * its transaction commits, and a lookup that started before it is never cached, so no request can
 * put back what a concurrent revoke has just ended.
 *
 * Other instances on PostgreSQL: database triggers NOTIFY every change that can end or alter a
 * session (migrations/063_session_notify.sql) and each app LISTENs on its own connection
 * (`watchSessionChanges`), so a revoke committed anywhere — or made by hand in the database — clears
 * every instance's cache as it commits. While that connection is down the cache is not trusted at all
 * (every request checks the database), and when it is back every entry is dropped, since
 * notifications may have been missed meanwhile. See core/README.md "Session cache".
 *
 * @example
 * const watch = watchSessionChanges(db);           // PostgreSQL; undefined on PGlite (one process)
 * const cache = createSessionCache(5000, watch?.live);
 * const user = await findSession(db, token, settings, cache);
 */
import type { Db, SessionUser } from './contract';

/** Entries kept per app before the expired ones are swept (and, if all are live, the oldest dropped). */
const MAX_ENTRIES = 10_000;

// One counter for the whole process: a revoke anywhere in it invalidates every app's cache (several
// test apps or instances may share a process and a database). Changes are rare (logout, staff edits).
let generation = 0;

/** Makes every cached session check of this process stale. */
export function sessionsChanged(): void {
  generation++;
  for (const fn of changeListeners) fn();
}

const changeListeners = new Set<() => void>();

/** Calls `fn` whenever sessions change (as `sessionsChanged` runs); returns the unsubscribe. */
export function onSessionsChanged(fn: () => void): () => void {
  changeListeners.add(fn);
  return () => void changeListeners.delete(fn);
}

/** The current generation: take it before the database lookup whose result you may cache. */
export function sessionGeneration(): number {
  return generation;
}

interface Entry {
  user: SessionUser;
  until: number;
  generation: number;
}

export interface SessionCache {
  get(tokenHash: string): SessionUser | undefined;
  /** Caches a lookup that began at `since` (a sessionGeneration()), until `expiresAt` at the latest. */
  set(tokenHash: string, user: SessionUser, since: number, expiresAt: Date): void;
}

/** Clock of the caches; tests move it. */
export const sessionCacheClock = { now: () => Date.now() };

/**
 * @param live when given, the cache is used only while it answers true (the instance hears every
 * change: see watchSessionChanges); otherwise every lookup goes to the database.
 */
export function createSessionCache(ttlMs: number, live?: () => boolean): SessionCache | undefined {
  if (!(ttlMs > 0)) return undefined;
  const entries = new Map<string, Entry>();
  return {
    get(tokenHash) {
      if (live && !live()) return undefined;
      const e = entries.get(tokenHash);
      if (!e) return undefined;
      if (e.generation === generation && e.until > sessionCacheClock.now()) return e.user;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, user, since, expiresAt) {
      if (since !== generation) return; // a revoke ran while we read: what we read may be stale
      if (live && !live()) return;
      const now = sessionCacheClock.now();
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.generation !== generation || e.until <= now) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      entries.set(tokenHash, { user, until: Math.min(now + ttlMs, expiresAt.getTime()), generation });
    },
  };
}

export interface SessionWatch {
  /** true while this instance is sure to hear every committed session change */
  live(): boolean;
  /** resolves once listening (or after `waitMs`, listening or not) */
  ready(waitMs: number): Promise<void>;
  /**
   * Resolves once every session change committed so far has reached every instance's listener:
   * a request that revoked something answers only then, so the client's next request is refused
   * wherever it lands.
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens for session changes committed by any instance (NOTIFY from the triggers of
 * 063_session_notify.sql) and makes every cached session stale when one arrives. Undefined when the
 * database cannot listen (PGlite: one process, whose own revokes already clear its caches).
 */
export function watchSessionChanges(db: Db): SessionWatch | undefined {
  if (!db.listen) return undefined;
  let listening = false;
  const listener = db.listen('sessions', {
    notify: () => sessionsChanged(),
    up: (up) => {
      listening = up;
      // Down: nothing cached may be trusted. Back up: what was cached before may have been revoked
      // while we were deaf.
      sessionsChanged();
    },
  });
  return {
    live: () => listening,
    ready: (waitMs) => Promise.race([listener.ready, new Promise<void>((r) => setTimeout(r, waitMs).unref())]),
    fence: () => listener.fence(1000),
    close: () => listener.close(),
  };
}
