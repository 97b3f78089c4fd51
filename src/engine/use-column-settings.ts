/**
 * Column settings of a list (shown/hidden, fixed, order, and the table density), remembered in
 * localStorage per user and resource under "columns:<userId>:<resource>".
 *
 * @example
 * const cols = useColumnSettings(staff, ['phone']);   // phone hidden until the user shows it
 * <ProTable columnsState={{ value: cols.columns, onChange: cols.setColumns }} size={cols.density} onSizeChange={cols.setDensity} />
 */
import { useCallback, useMemo, useState } from 'react';
import type { Resource } from '../schema';
import { useRuntime } from './runtime';
import { columnSettingsKey, readStoredSettings as read, type ColumnState, type Density, type StoredColumnSettings } from './column-settings-storage';

export type { ColumnState, Density };

export interface ColumnSettings {
  columns: Record<string, ColumnState>;
  /** the schema's settings, before the user changed anything (columns hidden by default) */
  defaults: Record<string, ColumnState>;
  density: Density;
  setColumns: (map: Record<string, ColumnState>) => void;
  setDensity: (d: Density) => void;
  reset: () => void;
}

type Stored = StoredColumnSettings;

export { columnSettingsKey };

function write(key: string, v: Stored): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(v));
  } catch {
    // storage full or disabled: settings last for this page only
  }
}

export function useColumnSettings(resource: Resource, hiddenByDefault: string[] = []): ColumnSettings {
  const { user } = useRuntime();
  const key = columnSettingsKey(resource.name, user?.id);
  const hiddenKey = hiddenByDefault.join(',');
  const defaults = useMemo(
    () =>
      Object.fromEntries(
        hiddenKey
          .split(',')
          .filter(Boolean)
          .map((f) => [f, { show: false }]),
      ),
    [hiddenKey],
  );
  const [stored, setStored] = useState<{ key: string; v: Stored }>(() => ({ key, v: read(key) }));
  const current = stored.key === key ? stored.v : read(key);

  const save = useCallback(
    (v: Stored) => {
      setStored({ key, v });
      write(key, v);
    },
    [key],
  );
  return {
    columns: current.columns ?? defaults,
    defaults,
    density: current.density ?? 'middle',
    setColumns: (columns) => save({ ...current, columns }),
    setDensity: (density) => save({ ...current, density }),
    reset: () => save({}),
  };
}
