/**
 * The live module (schemas/live.json): the event stream of the orders a user reaches and the header
 * badge (order-feed.ts), opened with a one-use ticket (live-tickets.ts), and the user's own on/off switch and "seen" mark (live-settings.ts). The
 * streams themselves — limits, heartbeat, session checks, shutdown — are the core's (server/core/live.ts);
 * the notices come from the orders table's trigger (migration 078), whatever module wrote the row.
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { LiveBindings, LiveResults } from '../../../src/generated/types';
import { scopeOf } from '../../core/data-scope';
import { liveHub } from '../../core/live';
import { coreState } from '../../core/state';
import { feedStream } from './order-feed';
import { issueTicket, redeemTicket } from './live-tickets';
import { liveEnabled, markSeen, setLiveEnabled } from './live-settings';

export const liveModule: ServerModule = {
  resource: 'live',
  handlers: {
    ticket: async ({ db, user }) => issueTicket(db, user!),
    // public binding: the session is the ticket's (live-tickets.ts), checked as strictly as a header's
    stream: async (ctx) => {
      const user = await redeemTicket(ctx.db, String(ctx.input.ticket), coreState(ctx.req).session);
      const enabled = await liveEnabled(ctx.db, user.id);
      const hub = liveHub(ctx.req);
      const stream = await hub.open(ctx, user);
      if (!enabled) {
        stream.send('off', {});
        stream.close();
        return null;
      }
      const order = coreState(ctx.req).schemas.resources.find((r) => r.name === 'order')!;
      feedStream(hub, ctx.db, order, stream, scopeOf({ user, req: ctx.req }, 'order'));
      return null;
    },
    settings: async ({ db, user }) => ({ enabled: await liveEnabled(db, user!.id) }),
    saveSettings: async ({ db, user, input }) => setLiveEnabled(db, user!.id, input.enabled === true),
    seen: async ({ db, user }) => {
      await markSeen(db, user!.id);
      return null;
    },
  } satisfies ModuleHandlers<LiveBindings, LiveResults>,
};
