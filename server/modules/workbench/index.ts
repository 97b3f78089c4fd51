/**
 * The workbench module (schemas/workbench.json): the signed-in user's to-dos (todos.ts) and their own
 * recent actions, read from the operation log the core keeps.
 */
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { WorkbenchBindings, WorkbenchResults } from '../../../src/generated/types';
import { coreState } from '../../core/state';
import { createLabels } from '../operationLog';
import { todoCards } from './work-items';

const RECENT = 8;

export const workbenchModule: ServerModule = {
  resource: 'workbench',
  handlers: {
    todos: async (ctx) => todoCards(ctx),
    recent: async (ctx) => {
      const { schemas, i18n } = coreState(ctx.req);
      const labels = createLabels(schemas.app, schemas.resources, i18n, ctx.locale);
      const { rows } = await ctx.db.query<{ id: bigint; at: Date; resource: string; action: string; record_id: string | null }>(
        `SELECT id, at, resource, action, record_id FROM operation_logs WHERE user_id = $1 AND kind = 'write' ORDER BY at DESC, id DESC LIMIT ${RECENT}`,
        [ctx.user!.id],
      );
      return rows.map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        resource: labels.resource(r.resource),
        action: labels.operation(r.resource, r.action),
        recordId: r.record_id,
      }));
    },
  } satisfies ModuleHandlers<WorkbenchBindings, WorkbenchResults<bigint | string>>,
};
