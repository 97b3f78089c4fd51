/**
 * The answer of a GET that arrived before the app started (Runtime.arrived: the entry's early
 * requests), read once at mount so the first render can show it, and taken once that render is on
 * screen (a render React throws away and redoes finds it again). null when none is in: call as usual.
 *
 * A page drawn ahead reads none (drawn-ahead.ts): mounted hidden after a resting pointer's or a
 * press's answer came in (a busy page draws late), it took that answer as its effects ran, unseen, so
 * the click that followed asked for the same rows again; and it kept them as its rows however long
 * before the visit they were asked for. Such a page shows an answer at its visit, while it is fresh.
 *
 * @example
 * const first = useArrived(binding, query, toPage); // { value, askedAt, answeredAt } | null
 */
import { useEffect, useState } from 'react';
import type { ApiBinding } from '../schema';
import { useRuntime } from './runtime';
import { useDrawnAhead } from './drawn-ahead';

export function useArrived<T>(
  binding: ApiBinding | undefined,
  input: Record<string, unknown>,
  read: (data: unknown) => T,
): { value: T; askedAt: number; answeredAt: number } | null {
  const { arrived } = useRuntime();
  const ahead = useDrawnAhead();
  const [first] = useState(() => {
    const early = !ahead && binding && arrived?.(binding, input);
    if (!early) return null;
    try {
      return { value: read(early.data), askedAt: early.askedAt, answeredAt: early.answeredAt, take: early.take };
    } catch {
      return null; // not the shape expected: the usual call reports it
    }
  });
  useEffect(() => {
    first?.take();
  }, [first]);
  return first;
}
