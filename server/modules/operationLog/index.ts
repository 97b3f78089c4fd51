/**
 * The operation-log module (schemas/operationLog.json, admin only): reads what the server core records
 * (server/core/audit.ts) — it records nothing itself — and names every resource, action, field and
 * value in the reader's locale from the schemas.
 */
import { type HandlerContext, type ModuleHandlers, type ServerModule } from '../../core/contract';
import type { OperationLogBindings, OperationLogResults } from '../../../src/generated/types';
import { notFound } from '../../core/http-errors';
import { coreState } from '../../core/state';
import { createLabels, operationLabel } from './labels';
import { getLog, listLogs } from './query';

const labelsOf = (ctx: HandlerContext<unknown>) => {
  const { schemas, i18n } = coreState(ctx.req);
  return createLabels(schemas.app, schemas.resources, i18n, ctx.locale);
};

export const operationLogModule: ServerModule = {
  resource: 'operationLog',
  handlers: {
    list: async (ctx) => {
      const fields = coreState(ctx.req).schemas.resources.find((r) => r.name === 'operationLog')?.fields ?? {};
      const sortable = Object.keys(fields).filter((name) => fields[name].sortable);
      return listLogs(ctx.db, ctx.input, labelsOf(ctx), sortable);
    },
    detail: async (ctx) => {
      const rec = await getLog(ctx.db, ctx.input.id, labelsOf(ctx));
      if (!rec) throw notFound('server.operationLog.notFound', { id: String(ctx.input.id) });
      return rec;
    },
    resources: async (ctx) => {
      const labels = labelsOf(ctx);
      const names = [...new Set(labels.audited().map(([r]) => r))];
      return names.map((value) => ({ value, label: labels.resource(value) }));
    },
    operations: async (ctx) => {
      const labels = labelsOf(ctx);
      return labels.audited().map(([r, b]) => ({ value: `${r}.${b}`, label: operationLabel(labels, r, b) }));
    },
  } satisfies ModuleHandlers<OperationLogBindings, OperationLogResults<bigint | string>>,
};
export { createLabels, type Labels } from './labels';
