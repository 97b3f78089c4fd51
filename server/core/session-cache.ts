/**
 * A few seconds' memory of checked sessions, per app, so a signed-in client's burst of requests costs
 * one session query instead of one each (at 10 concurrent list calls that query was a quarter of the
 * database statements, and on PGlite ~1.4 ms of the single thread per request).
 *
 * Revocation in this process is immediate: `sessionsChanged()` (called by every revoke in sessions.ts,
 * and by anything else that changes who a session belongs to, e.g. a user's roles) makes every cached
 * entry of every app in the process stale at once. It runs when the statement is issued and again when
 * its transaction commits, and a lookup that started before it is never cached, so no request can
 * put back what a concurrent revoke has just ended. Another instance (or a change made directly in
 * the database) is seen within `ttlMs` — see core/README.md "Session cache".
 *
 * @example
 * const cache = createSessionCache(5000);
 * const user = await findSession(db, token, settings, cache);
 */
import type { SessionUser } from './contract';

/** Entries kept per app before the expired ones are swept (and, if all are live, the oldest dropped). */
const MAX_ENTRIES = 10_000;

// One counter for the whole process: a revoke anywhere in it invalidates every app's cache (several
// test apps or instances may share a process and a database). Changes are rare (logout, staff edits).
let generation = 0;

/** Makes every cached session check of this process stale. */
export function sessionsChanged(): void {
  generation++;
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

export function createSessionCache(ttlMs: number): SessionCache | undefined {
  if (!(ttlMs > 0)) return undefined;
  const entries = new Map<string, Entry>();
  return {
    get(tokenHash) {
      const e = entries.get(tokenHash);
      if (!e) return undefined;
      if (e.generation === generation && e.until > sessionCacheClock.now()) return e.user;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, user, since, expiresAt) {
      if (since !== generation) return; // a revoke ran while we read: what we read may be stale
      const now = sessionCacheClock.now();
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.generation !== generation || e.until <= now) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      entries.set(tokenHash, { user, until: Math.min(now + ttlMs, expiresAt.getTime()), generation });
    },
  };
}
