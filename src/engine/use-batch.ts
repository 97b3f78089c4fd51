/**
 * A batch action's state for a dialog: the selected rows planned (rows the action does not apply to
 * are skipped), `start(values)` with the batch form's values, each row's outcome as it settles,
 * `retry()` of the refused rows with the same values, and the counts.
 *
 * @example
 * const batch = useBatch(store, 'reject', selectedRows);
 * await batch.start({ reason: '证照不全' });   // batch.rows[i].status: 'done' | 'refused' | 'skipped'
 * if (batch.counts.refused) await batch.retry();
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Resource } from '../schema';
import { useRuntime } from './runtime';
import { BATCH_CONCURRENCY, batchCounts, planBatch, runBatch, type BatchRow } from './batch-run';

export type BatchPhase = 'ready' | 'running' | 'finished';

export interface BatchController {
  rows: BatchRow[];
  phase: BatchPhase;
  counts: ReturnType<typeof batchCounts>;
  /** rows that will be sent (not skipped) */
  eligible: number;
  start: (values?: Record<string, unknown>) => Promise<void>;
  retry: () => Promise<void>;
}

export function useBatch(resource: Resource, name: string, selected: Record<string, unknown>[], concurrency = BATCH_CONCURRENCY): BatchController {
  const { call, user } = useRuntime();
  const [rows, setRows] = useState<BatchRow[]>(() => planBatch(resource, name, selected, user?.id));
  const [phase, setPhase] = useState<BatchPhase>('ready');
  const values = useRef<Record<string, unknown> | undefined>(undefined);
  const current = useRef(rows);
  current.current = rows;

  const run = useCallback(
    async (plan: BatchRow[]) => {
      setRows(plan);
      setPhase('running');
      const onRow = (key: string, r: BatchRow) => setRows((s) => s.map((x) => (x.key === key ? r : x)));
      try {
        await runBatch(call, resource, name, plan, values.current, { concurrency, onRow });
      } finally {
        setPhase('finished');
      }
    },
    [call, resource, name, concurrency],
  );

  const start = useCallback(
    (v?: Record<string, unknown>) => {
      values.current = v;
      return run(current.current);
    },
    [run],
  );
  const retry = useCallback(
    () => run(current.current.map((r) => (r.status === 'refused' ? { ...r, status: 'waiting' as const, message: undefined } : r))),
    [run],
  );
  const counts = useMemo(() => batchCounts(rows), [rows]);
  return { rows, phase, counts, eligible: rows.length - counts.skipped, start, retry };
}
