/**
 * The placeholder tables and details show for a missing value: one element, made once and reused
 * (a component of its own per empty value was ~40 components on an order page).
 */
export const EMPTY = <span style={{ color: 'rgba(0,0,0,0.25)' }}>-</span>;
