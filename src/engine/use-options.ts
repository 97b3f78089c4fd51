/**
 * Options of a dict/ref field for a select: search-as-you-type (debounced keyword) and dependent
 * filters (FormItem.dependsOn values, e.g. { merchantId }). Refetches when the dependencies change.
 *
 * @example
 * const { options, loading, search } = useOptions(order.fields.storeId, { merchantId });
 * <Select showSearch filterOption={false} onSearch={search} options={options} loading={loading} />
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyField, Option } from '../schema';
import { useRuntime } from './runtime';
import { fetchOptions, optionSource } from './options';

export const KEYWORD_DEBOUNCE_MS = 300;

export interface OptionsState {
  options: Option[];
  loading: boolean;
  error: Error | null;
  search: (keyword: string) => void;
}

export function useOptions(field: AnyField, depends: Record<string, unknown> = {}, enabled = true): OptionsState {
  const { call, app } = useRuntime();
  const src = useMemo(() => optionSource(app, field), [app, field]);
  const [keyword, setKeyword] = useState('');
  // the options and the dependency values they were asked for
  const [answer, setAnswer] = useState<{ depKey: string; options: Option[] }>({ depKey: '', options: [] });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const depKey = JSON.stringify(depends);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    fetchOptions(call, src, { ...(JSON.parse(depKey) as Record<string, unknown>), keyword })
      .then((o) => live && (setAnswer({ depKey, options: o }), setError(null)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [call, src, depKey, keyword, enabled]);

  useEffect(() => () => clearTimeout(timer.current), []);
  const search = useCallback((k: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setKeyword(k.trim()), KEYWORD_DEBOUNCE_MS);
  }, []);

  // Options asked for other dependency values (another merchant's stores) are not offered once those
  // values change: none, and loading, until the new ones come. The render right after the change came
  // before the effect that asks again, and showed the old list with no spinner, open to a pick (seen
  // in e2e/batch: the store list of all merchants after one was chosen). A new keyword keeps the last
  // list while it loads, as search-as-you-type does.
  const stale = enabled && answer.depKey !== depKey;
  return { options: stale ? NO_OPTIONS : answer.options, loading: loading || stale, error, search };
}

const NO_OPTIONS: Option[] = [];

/**
 * Label(s) of a dict/ref value for a table cell: the record's `<field>Name` when present (no request),
 * else a cached lookup over the source's options.
 */
export function useOptionLabel(field: AnyField, value: unknown, fromRecord: string | undefined, separator = ', '): string | undefined {
  const { call, app } = useRuntime();
  const need = fromRecord === undefined && value !== undefined && value !== null && value !== '';
  const [options, setOptions] = useState<Option[] | null>(null);
  useEffect(() => {
    if (!need) return;
    let live = true;
    fetchOptions(call, optionSource(app, field))
      .then((o) => live && setOptions(o))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [need, call, app, field]);
  if (fromRecord !== undefined) return fromRecord;
  if (!need || !options) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => options.find((o) => String(o.value) === String(v))?.label ?? String(v)).join(separator);
}
