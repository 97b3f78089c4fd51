/**
 * Pages drawn ahead (the shell's keep-alive draws the menu's lists hidden while the browser is idle)
 * render before their answers exist. `useArrivedAtVisit` gives a GET's answer, when it has arrived by
 * then, at the render where such a page is first visited, so the page shows with its rows and counts
 * in that render instead of empty first.
 *
 * @example
 * const visit = useArrivedAtVisit(binding, query, toPage); // non-null only in the visit's render
 * if (visit && !hasRows) setRows(visit.value); // then visit.take() once that render is on screen
 */
import { createContext, useContext, useState } from 'react';
import type { ApiBinding } from '../schema';
import { useRuntime } from './runtime';

/** Whether the page around is drawn ahead and not yet visited (provided by the shell's kept page). */
export const DrawnAheadContext = createContext(false);
// named for what counts renders (bench/renders.ts): what is drawn ahead is counted apart
DrawnAheadContext.displayName = 'DrawnAhead';

export function useDrawnAhead(): boolean {
  return useContext(DrawnAheadContext);
}

export function useArrivedAtVisit<T>(
  binding: ApiBinding | undefined,
  input: Record<string, unknown>,
  read: (data: unknown) => T,
): { value: T; take: () => void; askedAt: number; answeredAt: number } | null {
  const { arrived } = useRuntime();
  const ahead = useDrawnAhead();
  const [wasAhead, setWasAhead] = useState(ahead);
  if (!wasAhead || ahead) return null;
  // the visit's render: React renders again at once with this state, and the caller's own updates
  setWasAhead(false);
  const early = binding && arrived?.(binding, input);
  if (!early) return null;
  try {
    return { value: read(early.data), take: early.take, askedAt: early.askedAt, answeredAt: early.answeredAt };
  } catch {
    return null; // not the shape expected: the usual call reports it
  }
}
