/**
 * A toolbar switch bound to a config: reads it through the `get` binding, writes it through the
 * `set` binding as { [switch]: boolean }, rolling back when the server refuses.
 *
 * @example
 * const sw = useSwitch(order, { switch: 'autoAssign', title: 'order.autoAssign', get: 'config', set: 'autoAssignSwitch' });
 * <Switch checked={sw.value} loading={sw.loading || sw.saving} onChange={sw.set} />
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Resource } from '../schema';
import { useRuntime } from './runtime';
import { requireBinding } from './resource-helpers';
import { useArrived } from './use-arrived';

export interface SwitchItem {
  switch: string;
  get: string;
  set: string;
}

export interface SwitchState {
  value: boolean;
  loading: boolean;
  saving: boolean;
  error: Error | null;
  /** resolves true when saved, false when refused (the error is in `error`) */
  set: (next: boolean) => Promise<boolean>;
}

export function useSwitch(resource: Resource, item: SwitchItem): SwitchState {
  const { call } = useRuntime();
  const get = requireBinding(resource, item.get);
  const setB = requireBinding(resource, item.set);
  // the entry's early answer when it is in (a page load): the first render shows the switch as it is,
  // not a loading switch drawn again a render later
  const first = useArrived(get, {}, (cfg) => !!(cfg as Record<string, unknown> | null)?.[item.switch]);
  const [value, setValue] = useState(first?.value ?? false);
  const [loading, setLoading] = useState(!first);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  // read once; a kept-alive page shown again (its effects re-run) keeps the value it has
  const read = useRef(!!first);
  useEffect(() => {
    if (read.current) return;
    const ac = new AbortController();
    call<Record<string, unknown>>(get, {}, { signal: ac.signal })
      .then((cfg) => {
        if (ac.signal.aborted) return;
        read.current = true;
        setValue(!!cfg?.[item.switch]);
      })
      .catch((e: unknown) => !ac.signal.aborted && setError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => !ac.signal.aborted && setLoading(false));
    return () => ac.abort();
  }, [call, get, item.switch]);

  const set = useCallback(
    async (next: boolean) => {
      const before = value;
      setValue(next);
      setSaving(true);
      try {
        const cfg = await call<Record<string, unknown> | null>(setB, { [item.switch]: next });
        if (cfg && typeof cfg === 'object' && item.switch in cfg) setValue(!!cfg[item.switch]);
        setError(null);
        return true;
      } catch (e) {
        setValue(before);
        setError(e instanceof Error ? e : new Error(String(e)));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [call, setB, item.switch, value],
  );

  return { value, loading, saving, error, set };
}
