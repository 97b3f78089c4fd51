/**
 * What the orders' change notices mean for each open console: the order events of the rows its user
 * reaches (data scope: a store-bound dispatcher hears its store's orders only) and the header badge,
 * the count of pending orders created since the user last looked (users.live_seen_at), in scope.
 *
 * Events sent on a stream:
 *   count  { count, href }                    the badge (href: the order list of pending orders)
 *   order  { op, id, status }                 op: insert | enter (now in scope) | update | leave
 *   order  { op: 'bulk', n }                  many rows at once (an import): refresh, count unknown
 *   off    {}                                 the user turned live updates off: do not reconnect
 */
import { listHref, type Resource, type RowRestriction } from '../../../src/schema';
import type { Db } from '../../core/contract';
import { andScope, columnOf } from '../../core/data-scope';
import type { LiveHub, LiveNotice, LiveStream } from '../../core/live';

interface Watch {
  userId: bigint;
  scope: RowRestriction | null;
}

interface Feed {
  watches: Map<LiveStream, Watch>;
  /** users whose badge is being counted: run again once done when asked meanwhile */
  counting: Map<bigint, { again: boolean }>;
  /** counts a user's badge and sends it to each of the user's streams */
  recount(userId: bigint): void;
}

const feeds = new WeakMap<LiveHub, Feed>();

/** Whether a row (its scope columns as the trigger sent them) is within the restriction. */
export function reaches(scope: RowRestriction | null, row: Record<string, string | null> | null | undefined): boolean {
  if (!row) return false;
  if (!scope) return true;
  if (scope.via) return false; // not a scope the order notices can answer (orders are scoped directly)
  const v = row[columnOf(scope.field)];
  return v !== null && v !== undefined && scope.ids.some((id) => String(id) === v);
}

/** The badge's count for one user: pending orders in scope created since the user last looked. */
export async function badgeCount(db: Db, userId: bigint, scope: RowRestriction | null): Promise<number> {
  const params: unknown[] = [userId];
  const where = andScope("WHERE o.status = 'pending' AND o.created_at > (SELECT live_seen_at FROM users WHERE id = $1)", scope, params, 'o');
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o ${where}`, params);
  return rows[0]?.n ?? 0;
}

function feedOf(hub: LiveHub, db: Db, order: Resource): Feed {
  let feed = feeds.get(hub);
  if (feed) return feed;
  const href = listHref(order.route?.path ?? '/order', order.list, { status: 'pending' });
  const recount = (userId: bigint) => {
    const busy = f.counting.get(userId);
    if (busy) return void (busy.again = true);
    const state = { again: false };
    f.counting.set(userId, state);
    void (async () => {
      do {
        state.again = false;
        const mine = [...f.watches].filter(([, w]) => w.userId === userId);
        if (!mine.length) break;
        try {
          const count = await badgeCount(db, userId, mine[0][1].scope);
          for (const [s] of mine) s.send('count', { count, href });
        } catch {
          /* database unreachable: the stream's next notice or reconnect counts again */
        }
      } while (state.again);
      f.counting.delete(userId);
    })();
  };
  const f: Feed = { watches: new Map(), counting: new Map(), recount };
  feed = f;
  feeds.set(hub, f);

  hub.subscribe((n: LiveNotice) => {
    if (n.r === 'user') {
      const mine = [...f.watches].filter(([, w]) => String(w.userId) === n.id);
      if (n.op === 'settings' && (n.row?.enabled ?? 'true') === 'false') {
        for (const [s] of mine) {
          s.send('off', {});
          s.close();
        }
      } else if (mine.length) recount(mine[0][1].userId);
      return;
    }
    if (n.r !== 'order') return;
    const users = new Set<bigint>();
    for (const [s, w] of f.watches) {
      if (n.op === 'bulk') {
        s.send('order', { op: 'bulk', n: n.n });
        users.add(w.userId);
        continue;
      }
      const now = reaches(w.scope, n.row);
      const before = reaches(w.scope, n.old);
      if (!now && !before) continue;
      const op = n.op === 'insert' ? 'insert' : now && !before ? 'enter' : !now ? 'leave' : 'update';
      s.send('order', { op, id: n.id, status: n.row?.status ?? null });
      if (n.row?.status === 'pending' || n.old?.status === 'pending') users.add(w.userId);
    }
    for (const u of users) recount(u);
  });
  return f;
}

/** Starts feeding one stream: its watch, then the badge's first count. */
export function feedStream(hub: LiveHub, db: Db, order: Resource, stream: LiveStream, scope: RowRestriction | null): void {
  const feed = feedOf(hub, db, order);
  feed.watches.set(stream, { userId: stream.user.id, scope });
  stream.onClose(() => feed.watches.delete(stream));
  feed.recount(stream.user.id);
}
