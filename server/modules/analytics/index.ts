/**
 * The analytics module: serves the dashboard resource (schemas/dashboard.json) — GET
 * /analytics/performance. Read-only; seeds nothing (it reads the orders, refunds and settlements
 * the order module seeds).
 */
import type { ServerModule } from '../../core/contract';
import { scopeOf } from '../../core/data-scope';
import { performance } from './performance';

export const analyticsModule: ServerModule = {
  resource: 'dashboard',
  handlers: {
    performance: async (ctx) => performance(ctx.db, ctx.input, new Date(), scopeOf(ctx, 'dashboard')),
  },
};
