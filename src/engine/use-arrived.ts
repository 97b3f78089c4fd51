/**
 * The answer of a GET that arrived before the app started (Runtime.arrived: the entry's early
 * requests), read once at mount so the first render can show it, and taken once that render is on
 * screen (a render React throws away and redoes finds it again). null when none is in: call as usual.
 *
 * @example
 * const first = useArrived(binding, query, toPage); // { value, askedAt, answeredAt } | null
 */
import { useEffect, useState } from 'react';
import type { ApiBinding } from '../schema';
import { useRuntime } from './runtime';

export function useArrived<T>(
  binding: ApiBinding | undefined,
  input: Record<string, unknown>,
  read: (data: unknown) => T,
): { value: T; askedAt: number; answeredAt: number } | null {
  const { arrived } = useRuntime();
  const [first] = useState(() => {
    const early = binding && arrived?.(binding, input);
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
