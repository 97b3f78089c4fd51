/**
 * Cell renders whose result depends on their arguments (value, record, index) and on nothing else than
 * what they close over: a new one is made whenever that changes (the list's columns are rebuilt). The
 * table keeps such a cell's result while the record, the index and the render are the same, across the
 * table's other redraws (a column hidden or shown, a row selected, the density, the loading flag):
 * rc-table's own rule drops every kept cell whenever the table gets new props, because a render of
 * unknown origin may read anything. A column hidden on /order called every other column's render again
 * and drew each row's "more" menu and copyable order number again (~60 components of the click).
 *
 * @example
 * const render = pureRender((_: unknown, record: Row) => fieldCell({ resource, record, name }, env));
 * isPureRender(render); // true: LeanRow keeps its results, StableTable hands it to the table as it is
 */
const PURE = new WeakSet<object>();

export function pureRender<F extends (...args: never[]) => unknown>(fn: F): F {
  PURE.add(fn);
  return fn;
}

export function isPureRender(fn: unknown): boolean {
  return typeof fn === 'function' && PURE.has(fn);
}
