/**
 * Records changed elsewhere (another user, an automatic assignment), as a live update tells: the shell's
 * live connection announces them, an open detail view reloads its record. A burst of changes to one
 * record reloads it once, and none when the view asked for the record again after the change arrived
 * (the user's own action reloads it; its change was committed before its announcement).
 *
 * @example
 * announceChanges('order', ['1234567890123456789']);   // the shell, on a live "order" event
 * announceChanges('order', '*');                       // many rows changed at once (ids unknown)
 * useRecordChanged('order', row.id, refetch, open, askedAt); // a detail drawer while open
 */
import { useEffect, useRef } from 'react';

type Listener = (ids: ReadonlySet<string> | '*') => void;

const listeners = new Map<string, Set<Listener>>();

/** Tells every open view of `resource` that these records (or, with '*', any of them) changed. */
export function announceChanges(resource: string, ids: readonly string[] | '*'): void {
  const set = ids === '*' ? '*' : new Set(ids);
  for (const fn of listeners.get(resource) ?? []) fn(set);
}

/** Waits this long after a change for more before reloading, so a burst costs one request. */
export const CHANGE_SETTLE_MS = 300;

/**
 * Calls `reload` when the record `id` of `resource` changed elsewhere, while `active` (an open drawer),
 * unless `askedAt` (performance.now() of the view's latest request for it) is later than the change.
 */
export function useRecordChanged(resource: string, id: unknown, reload: () => void, active = true, askedAt?: () => number): void {
  const latest = useRef({ reload, askedAt });
  latest.current = { reload, askedAt };
  const key = id === undefined || id === null ? undefined : String(id);
  useEffect(() => {
    if (!active || key === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fn: Listener = (ids) => {
      if (ids !== '*' && !ids.has(key)) return;
      const at = performance.now();
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { reload, askedAt } = latest.current;
        if (!askedAt || askedAt() < at) reload();
      }, CHANGE_SETTLE_MS);
    };
    let set = listeners.get(resource);
    if (!set) listeners.set(resource, (set = new Set()));
    set.add(fn);
    return () => {
      clearTimeout(timer);
      set.delete(fn);
    };
  }, [resource, key, active]);
}
