/**
 * The column settings' changes, on ProTable's column state (`columnsState.value`: show, fixed, order
 * per column key), and the order its lines show in. React-free.
 *
 * @example
 * orderedColumns([{ key: 'a', title: 'A' }, { key: 'b', title: 'B' }], { b: { fixed: 'left' } }) // b (pin left), a
 * movedColumn(['a', 'b', 'c'], {}, 'c', 'a', false)  // c, a, b as orders 0, 1, 2
 */
import type { ColumnState } from '../../engine';

export type Pin = 'left' | 'none' | 'right';

export interface SettingsColumn {
  key: string;
  title: string;
  /** where the schema pins it (while the table scrolls sideways) */
  fixed?: 'left' | 'right';
}

/**
 * Where a column is pinned. As ProTable decides it: a column with a state of its own takes the state's
 * `fixed` (none when unset), one without keeps its own.
 */
export function pinOf(column: SettingsColumn, value: Record<string, ColumnState>): Pin {
  const fixed = value[column.key] ? value[column.key].fixed : column.fixed;
  return fixed === 'left' || fixed === 'right' ? fixed : 'none';
}

const RANK: Record<Pin, number> = { left: 0, none: 1, right: 2 };

/** The columns in the table's order (ProTable's columnSort): pinned left first, pinned right last, then by the user's order, else the schema's. */
export function orderedColumns(columns: readonly SettingsColumn[], value: Record<string, ColumnState>): (SettingsColumn & { pin: Pin })[] {
  const lines = columns.map((c, index) => ({ ...c, pin: pinOf(c, value), index }));
  lines.sort((a, b) => {
    if (a.pin !== b.pin) return RANK[a.pin] - RANK[b.pin];
    const oa = value[a.key]?.order;
    const ob = value[b.key]?.order;
    if (oa || ob) return (oa ?? 0) - (ob ?? 0);
    return a.index - b.index;
  });
  return lines.map(({ index: _index, ...line }) => line);
}

/** `key` moved next to `target` (after it or before), every line given its new place as its `order`. */
export function movedColumn(
  keys: readonly string[],
  value: Record<string, ColumnState>,
  key: string,
  target: string,
  after: boolean,
): Record<string, ColumnState> {
  const rest = keys.filter((k) => k !== key);
  const at = rest.indexOf(target);
  if (at < 0 || !keys.includes(key)) return value;
  rest.splice(after ? at + 1 : at, 0, key);
  const next = { ...value };
  rest.forEach((k, order) => (next[k] = { ...next[k], order }));
  return next;
}

/** `key` pinned at an edge, or not pinned (`none`: also when the schema pins it). */
export function pinnedColumn(value: Record<string, ColumnState>, key: string, pin: Pin): Record<string, ColumnState> {
  const { fixed: _fixed, ...state } = value[key] ?? {};
  return { ...value, [key]: pin === 'none' ? state : { ...state, fixed: pin } };
}

/** One column shown or hidden, the rest of its state kept. */
export function shownColumn(value: Record<string, ColumnState>, key: string, show: boolean): Record<string, ColumnState> {
  return { ...value, [key]: { ...value[key], show } };
}

/** Every column shown, or every one hidden ("列展示"), the rest of their state kept. */
export function shownAll(columns: readonly SettingsColumn[], value: Record<string, ColumnState>, show: boolean): Record<string, ColumnState> {
  return columns.reduce((next, c) => shownColumn(next, c.key, show), value);
}
