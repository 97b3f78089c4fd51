/**
 * Rows of a detail section: calls the section's binding with the record's id and reloads on demand.
 * Shared by the merchant screen's slots.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiBinding } from '../../schema';
import { useRuntime } from '../../engine';

export function useSectionRows<T>(binding: ApiBinding | undefined, id: string) {
  const { call } = useRuntime();
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!binding || !id) return;
    let live = true;
    setLoading(true);
    call<T[]>(binding, { id })
      .then((r) => live && (setRows(Array.isArray(r) ? r : []), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [binding, call, id, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, loading, error, reload };
}
