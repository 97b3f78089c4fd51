/**
 * One record through the detail binding (input taken from the row: usually { id }).
 *
 * @example
 * const { record, loading, refetch } = useDetail(staff, row);
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { resolveBindingInput, type ApiBinding, type Resource } from '../schema';
import { useRuntime } from './runtime';
import { bindingInputOf, requireBinding } from './resource-helpers';
import { useArrived } from './use-arrived';

export interface DetailState {
  record: Record<string, unknown> | null;
  loading: boolean;
  error: Error | null;
  refetch: () => void;
  /** when (performance.now()) the latest request for the record was sent; 0 before any */
  askedAt: () => number;
}

/**
 * The GETs a detail view of `row` makes as it opens: the record (detail.api), and each slot section's
 * own binding whose input the row already holds (a timeline's logs by id). A click can send them all
 * at once (Runtime.prefetch) instead of one after the other as the record and then the sections render.
 */
export function detailCalls(resource: Resource, row: Record<string, unknown>): { binding: ApiBinding; input: Record<string, unknown> }[] {
  const name = resource.detail?.api;
  if (!name) return [];
  const out: { binding: ApiBinding; input: Record<string, unknown> }[] = [];
  for (const binding of [
    requireBinding(resource, name),
    ...(resource.detail?.sections ?? []).flatMap((s) => (s.slot && s.api ? [requireBinding(resource, s.api)] : [])),
  ]) {
    // a call the row cannot fill yet (a section whose input only the loaded record holds) is not guessed
    const filled = resolveBindingInput(resource, binding).every((p) => row[p.name] !== undefined && row[p.name] !== null);
    if (binding.method === 'GET' && filled) out.push({ binding, input: bindingInputOf(resource, binding, row) });
  }
  return out;
}

/** A record answer as shown; anything else goes through the usual call, which reports it. */
function asRecord(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a record');
  return data as Record<string, unknown>;
}

/** `row` identifies the record (its id); null while nothing is open. `bindingName` defaults to detail.api. */
export function useDetail(resource: Resource, row: Record<string, unknown> | null, bindingName?: string): DetailState {
  const { call } = useRuntime();
  const name = bindingName ?? resource.detail?.api;
  if (!name) throw new Error(`resource "${resource.name}" has no detail view`);
  const binding = requireBinding(resource, name);
  const input = row ? bindingInputOf(resource, binding, row) : null;
  const key = input ? JSON.stringify(input) : '';
  // The record's answer when it is in already (asked for as the row's link was pressed, or by the
  // click before this view mounted): the first render shows it, not a skeleton first and the record in
  // a render of its own after the next frame.
  const first = useArrived(input ? binding : undefined, input ?? {}, asRecord);
  const [record, setRecord] = useState<Record<string, unknown> | null>(first?.value ?? null);
  const [loading, setLoading] = useState(!!row && !first);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);
  const asked = useRef(first?.askedAt ?? 0);
  // the first answer's key, taken instead of asking again
  const arrivedKey = useRef(first ? key : '');

  useEffect(() => {
    if (!key) {
      setRecord(null);
      return;
    }
    if (arrivedKey.current === key && version === 0) {
      arrivedKey.current = '';
      return;
    }
    const ac = new AbortController();
    setLoading(true);
    asked.current = performance.now();
    call<Record<string, unknown>>(binding, JSON.parse(key) as Record<string, unknown>, { signal: ac.signal })
      .then((data) => !ac.signal.aborted && (setRecord(data), setError(null)))
      .catch((e: unknown) => !ac.signal.aborted && setError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => !ac.signal.aborted && setLoading(false));
    return () => ac.abort();
  }, [call, binding, key, version]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const askedAt = useCallback(() => asked.current, []);
  return { record, loading, error, refetch, askedAt };
}
