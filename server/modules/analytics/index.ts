/**
 * The analytics module: serves the dashboard resource (schemas/dashboard.json) — GET
 * /analytics/performance. Read-only; seeds nothing (it reads the orders, refunds and settlements
 * the order module seeds).
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { DashboardBindings, DashboardResults } from '../../../src/generated/types';
import { coreState } from '../../core/state';
import { scopeOf } from '../../core/data-scope';
import { performance } from './performance';

export const analyticsModule: ServerModule = {
  resource: 'dashboard',
  handlers: {
    performance: async (ctx) => performance(ctx.db, ctx.input, coreState(ctx.req).schemas.app.timeZone, new Date(), scopeOf(ctx, 'dashboard')),
  } satisfies ModuleHandlers<DashboardBindings, DashboardResults<bigint | string>>,
};
