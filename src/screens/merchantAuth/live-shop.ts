/**
 * A shop whose product sync is running, kept current: its cells (next step, products) poll the
 * shop's detail binding once a second until the sync ends, one poll per shop however many cells
 * show it. Only syncing shops are polled; the list itself is not.
 *
 * @example
 * const shop = useLiveShop(resource, record); // record, or a fresher copy while it syncs
 */
import { useEffect, useState } from 'react';
import { useRuntime } from '../../engine';
import type { Resource } from '../../schema';

type Rec = Record<string, unknown>;

export const POLL_MS = 1000;

export const isSyncing = (r: Rec) => r.syncStatus === 'running';

interface Watch {
  latest: Rec;
  subs: Set<(r: Rec) => void>;
  timer?: ReturnType<typeof setTimeout>;
}

const watches = new Map<string, Watch>();

export function useLiveShop(resource: Resource, record: Rec): Rec {
  const { call } = useRuntime();
  const id = String(record.id ?? '');
  // the fresher copy, with the shop it belongs to: a table row drawn again for another shop (rows are
  // keyed by position) shows that shop's record at once, not this one's copy until the effect clears it
  const [fresh, setFresh] = useState<{ id: string; rec: Rec } | null>(null);
  const syncing = isSyncing(record);
  const binding = resource.api?.detail;

  useEffect(() => {
    setFresh(null);
    if (!id || !syncing || !binding) return;
    let w = watches.get(id);
    if (!w) {
      const watch: Watch = { latest: record, subs: new Set() };
      const tick = () => {
        watch.timer = setTimeout(async () => {
          try {
            watch.latest = await call<Rec>(binding, { id });
            watch.subs.forEach((s) => s(watch.latest));
          } catch {
            // a failed poll is tried again; the list's own reload shows lasting errors
          }
          if (watch.subs.size && isSyncing(watch.latest)) tick();
          else if (watches.get(id) === watch) watches.delete(id);
        }, POLL_MS);
      };
      w = watch;
      watches.set(id, w);
      tick();
    }
    const sub = (r: Rec) => setFresh({ id, rec: r });
    w.subs.add(sub);
    if (w.latest !== record) setFresh({ id, rec: w.latest });
    return () => {
      w!.subs.delete(sub);
      if (!w!.subs.size) {
        clearTimeout(w!.timer);
        watches.delete(id);
      }
    };
  }, [id, syncing, binding, call]);

  return fresh?.id === id ? fresh.rec : record;
}
