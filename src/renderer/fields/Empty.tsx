/**
 * The placeholder tables and details show for a missing value: one element, made once and reused
 * (a component of its own per empty value was ~40 components on an order page), coloured by a class
 * (cells.css), not an inline style React sets on every mount.
 */
export const EMPTY = <span className="cell-empty">-</span>;
