/**
 * Where a user's column settings of a list live (localStorage "columns:<userId>:<resource>") and how
 * they are read (by the list's use-column-settings.ts). React-free.
 *
 * @example
 * columnSettingsKey('order', '42')        // "columns:42:order"
 * readColumnSettings('order', '42').density // "small" (or undefined)
 */
/** Same shape as ProTable's ColumnsState. */
export interface ColumnState {
  show?: boolean;
  fixed?: 'left' | 'right';
  order?: number;
  disable?: boolean | { checkbox: boolean };
}
export type Density = 'large' | 'middle' | 'small';

export interface StoredColumnSettings {
  columns?: Record<string, ColumnState>;
  density?: Density;
}

export function columnSettingsKey(resourceName: string, userId: string | undefined): string {
  return `columns:${userId ?? 'anonymous'}:${resourceName}`;
}

/** The stored settings under `key`; {} when absent, unreadable or not an object. */
export function readStoredSettings(key: string): StoredColumnSettings {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const v = raw ? (JSON.parse(raw) as StoredColumnSettings) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function readColumnSettings(resourceName: string, userId: string | undefined): StoredColumnSettings {
  return readStoredSettings(columnSettingsKey(resourceName, userId));
}
