/**
 * A batch action: one row action run on each selected row, every row reported. Each row is the very
 * request its row action sends (the row's values, the form's values filled once, the action's params),
 * so the server applies its permission, data scope, validation and audit to each row as it does for one;
 * a refused row is reported with the server's message and does not stop the others.
 *
 * @example
 * const rows = planBatch(store, 'reject', selected, user.id);   // rows `when` excludes: 'skipped'
 * await runBatch(call, store, 'reject', rows, { reason: '证照不全' }, { concurrency: 4, onRow: (k, r) => … });
 * // each row: { status: 'done' } or { status: 'refused', message: '门店已审核' }
 */
import { bulkActionEntries, matchesWhen, type Resource } from '../schema';
import type { Runtime } from './runtime';
import { newIdempotencyKey } from './idempotency';
import { normalizeFormItems, requireBinding, rowKeyOf } from './resource-helpers';
import { bindingInput } from './wire-values';

export type BatchStatus = 'waiting' | 'running' | 'done' | 'refused' | 'skipped';

export interface BatchRow {
  key: string;
  /** how the row is named to the user: its first list column when that is text, else its key */
  label: string;
  row: Record<string, unknown>;
  status: BatchStatus;
  /** refused: the server's message (or the network error) */
  message?: string;
  /** skipped: the condition of the action the row does not meet (a field and the row's value, or "it is you") */
  skip?: { field: string; value: unknown } | { self: true };
}

/** How many rows run at once: enough to overlap round trips, few enough not to flood the server. */
export const BATCH_CONCURRENCY = 4;

/** The form a batch of `name` fills once (the entry's own `form`, else the action's), if any. */
export function batchFormName(resource: Resource, name: string): string | undefined {
  const entry = bulkActionEntries(resource.list).find((b) => b.action === name);
  return entry?.form ?? resource.actions?.[name]?.form;
}

/** The row's name for messages: the value of the list's first column when it is text, else its key. */
export function rowLabel(resource: Resource, row: Record<string, unknown> | undefined, key: string): string {
  const first = resource.list?.columns?.[0];
  const name = typeof first === 'string' ? first : first?.field;
  const v = row && name ? row[name] : undefined;
  return typeof v === 'string' && v !== '' ? v : key;
}

/** The selected rows as batch rows: waiting, or skipped when the action's `when` excludes them. */
export function planBatch(resource: Resource, name: string, rows: Record<string, unknown>[], selfId?: string): BatchRow[] {
  const when = resource.actions?.[name]?.when;
  return rows.map((row) => {
    const key = rowKeyOf(resource, row);
    const base = { key, label: rowLabel(resource, row, key), row };
    if (matchesWhen(when, row, selfId)) return { ...base, status: 'waiting' as const };
    const failing = Object.keys(when ?? {}).find((k) => !matchesWhen({ [k]: when![k] }, row, selfId));
    const skip = failing === '$notSelf' || !failing ? { self: true as const } : { field: failing, value: row[failing] };
    return { ...base, status: 'skipped' as const, skip };
  });
}

/**
 * Runs `worker` on every item, at most `limit` at a time, starting them in order. A worker's failure
 * is its own business: it must settle (catch) on its own; the pool never stops early.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, worker: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await worker(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Sends the action for each row (`status: 'waiting'` ones only) and reports each as it settles through
 * `onRow`. `values` are the batch form's values, one set for all rows; every item of the form is sent
 * as chosen (an empty one as empty), so no value of the row stands in for a choice left empty.
 */
export async function runBatch(
  call: Runtime['call'],
  resource: Resource,
  name: string,
  rows: readonly BatchRow[],
  values: Record<string, unknown> | undefined,
  opts: { concurrency?: number; onRow?: (key: string, row: BatchRow) => void } = {},
): Promise<BatchRow[]> {
  const action = resource.actions?.[name];
  if (!action) throw new Error(`resource "${resource.name}" has no action "${name}"`);
  const formName = batchFormName(resource, name);
  const form = formName ? resource.forms?.[formName] : undefined;
  const bindingName = action.api ?? form?.api;
  if (!bindingName) throw new Error(`action "${name}" of "${resource.name}" calls no api`);
  const binding = requireBinding(resource, bindingName);
  const chosen: Record<string, unknown> = {};
  if (form) for (const it of normalizeFormItems(resource, form.items)) chosen[it.field] = values?.[it.field] ?? null;
  Object.assign(chosen, values ?? {});

  const out = rows.map((r) => ({ ...r }));
  const report = (i: number, patch: Partial<BatchRow>) => {
    out[i] = { ...out[i], ...patch };
    opts.onRow?.(out[i].key, out[i]);
  };
  const todo = out.map((r, i) => ({ r, i })).filter(({ r }) => r.status === 'waiting');
  await eachLimited(todo, opts.concurrency ?? BATCH_CONCURRENCY, async ({ r, i }) => {
    report(i, { status: 'running', message: undefined });
    const input = bindingInput(resource, binding, { ...r.row, ...chosen, ...(action.params ?? {}) });
    try {
      await call(binding, input, binding.idempotent ? { idempotencyKey: newIdempotencyKey() } : undefined);
      report(i, { status: 'done' });
    } catch (e) {
      report(i, { status: 'refused', message: e instanceof Error ? e.message : String(e) });
    }
  });
  return out;
}

/** Rows per outcome, for the summary line. */
export function batchCounts(rows: readonly BatchRow[]): Record<BatchStatus, number> {
  const c: Record<BatchStatus, number> = { waiting: 0, running: 0, done: 0, refused: 0, skipped: 0 };
  for (const r of rows) c[r.status]++;
  return c;
}
