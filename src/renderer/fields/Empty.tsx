/** The placeholder tables and details show for a missing value. */
export function Empty() {
  return <span style={{ color: 'rgba(0,0,0,0.25)' }}>-</span>;
}
