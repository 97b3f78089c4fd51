/**
 * Calling an action's API: one row (kind "api") or the selected rows (bulk), with the action's fixed
 * params merged, only the binding's input fields sent, and an idempotency key for idempotent bindings.
 *
 * @example
 * await callAction(call, staff, 'disable', row);               // POST /user/edit { id, enabled: false }
 * const summary = await runBulk(call, order, 'assignAuto', rows, userId);   // one call with every id
 * // { requested: 3, succeeded: 2, skipped: 1, failed: [{ key: '…', label: 'SO…', message: '无可用门店' }] }
 */
import { matchesWhen, resolveBindingInput, type Resource } from '../schema';
import type { Runtime } from './runtime';
import { newIdempotencyKey } from './idempotency';
import { requireBinding, rowKeyOf } from './resource-helpers';
import { bindingInput } from './wire-values';
import { rowLabel } from './batch-run';

function actionOf(resource: Resource, name: string) {
  const a = resource.actions?.[name];
  if (!a) throw new Error(`resource "${resource.name}" has no action "${name}"`);
  if (!a.api) throw new Error(`action "${name}" of "${resource.name}" names no api binding`);
  return { action: a, binding: requireBinding(resource, a.api) };
}

export async function callAction(call: Runtime['call'], resource: Resource, name: string, record: Record<string, unknown>): Promise<unknown> {
  const { action, binding } = actionOf(resource, name);
  const input = bindingInput(resource, binding, { ...record, ...(action.params ?? {}) });
  return call(binding, input, binding.idempotent ? { idempotencyKey: newIdempotencyKey() } : undefined);
}

export interface BulkSummary {
  requested: number;
  succeeded: number;
  /** selected rows the action's `when` excludes (not sent) */
  skipped: number;
  /** `label`: how the row is named to the user (its first list column, e.g. the order no), else its key */
  failed: { key: string; label: string; message: string }[];
}

/** The action's binding takes a list of ids (a `multiple` bigint input): one call answers for every row. */
export function takesIdList(resource: Resource, name: string): boolean {
  const a = resource.actions?.[name];
  const binding = a?.api ? resource.api?.[a.api] : undefined;
  return !!binding && resolveBindingInput(resource, binding).some((p) => p.field.multiple && p.field.type === 'bigint');
}

/**
 * Runs a bulk action whose binding takes a list of ids (a `multiple` bigint input): one call with every
 * eligible key; a `failed` array in the answer marks the rows that did not go through. Actions taking
 * one id run row by row through `runBatch` (batch-run.ts).
 */
export async function runBulk(call: Runtime['call'], resource: Resource, name: string, rows: Record<string, unknown>[], selfId?: string): Promise<BulkSummary> {
  const { action, binding } = actionOf(resource, name);
  const listParam = resolveBindingInput(resource, binding).find((p) => p.field.multiple && p.field.type === 'bigint');
  if (!listParam) throw new Error(`action "${name}" of "${resource.name}" takes one id: run it with runBatch`);
  const eligible = rows.filter((r) => matchesWhen(action.when, r, selfId));
  const skipped = rows.length - eligible.length;
  if (eligible.length === 0) return { requested: rows.length, succeeded: 0, skipped, failed: [] };
  const keys = eligible.map((r) => rowKeyOf(resource, r));
  const data = await call<{ failed?: { id?: unknown; key?: unknown; message?: unknown }[] } | null>(
    binding,
    { ...(action.params ?? {}), [listParam.name]: keys },
    binding.idempotent ? { idempotencyKey: newIdempotencyKey() } : undefined,
  );
  const byKey = new Map(eligible.map((r) => [rowKeyOf(resource, r), r]));
  const failed = Array.isArray(data?.failed)
    ? data.failed.map((f) => {
        const key = String(f.id ?? f.key ?? '');
        return { key, label: rowLabel(resource, byKey.get(key), key), message: String(f.message ?? '') };
      })
    : [];
  return { requested: rows.length, succeeded: keys.length - failed.length, skipped, failed };
}

/** A link action's target with ":field" placeholders filled from the record (URL-encoded). */
export function linkTarget(to: string, record: Record<string, unknown>): string {
  return to.replace(/:([a-zA-Z][a-zA-Z0-9_]*)/g, (_m, f: string) => encodeURIComponent(String(record[f] ?? '')));
}
