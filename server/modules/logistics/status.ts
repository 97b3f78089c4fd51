/**
 * The shipment status rules. Normal statuses only move forward (created → collected → in_transit →
 * delivering → delivered); an exception may be reported at any point before delivery; a later
 * normal event at least as far as the furthest status reached resumes the flow. delivered and
 * cancelled are final.
 */
export const LOGISTICS_STATUSES = ['created', 'collected', 'in_transit', 'delivering', 'delivered', 'exception', 'cancelled'] as const;
export type LogisticsStatus = (typeof LOGISTICS_STATUSES)[number];

export const FLOW = ['created', 'collected', 'in_transit', 'delivering', 'delivered'] as const;

export const CARRIERS = ['SF', 'ZTO', 'YTO', 'YUNDA', 'JD', 'EMS'] as const;

/** Position in the normal flow; -1 for exception/cancelled. */
export function rank(status: string): number {
  return (FLOW as readonly string[]).indexOf(status);
}

/**
 * The status after an event. `reached` is the furthest flow rank any earlier event (or the status
 * itself) got to.
 *
 * @example
 * nextStatus('in_transit', 2, 'collected')  // 'in_transit' (never backwards)
 * nextStatus('exception', 2, 'delivering')  // 'delivering'
 * nextStatus('exception', 3, 'in_transit')  // 'exception' (a late, older event)
 */
export function nextStatus(current: string, reached: number, event: string): string {
  if (current === 'delivered' || current === 'cancelled') return current;
  if (event === 'exception') return 'exception';
  const r = rank(event);
  if (current === 'exception') return r >= reached ? event : current;
  return FLOW[Math.max(rank(current), r)];
}
