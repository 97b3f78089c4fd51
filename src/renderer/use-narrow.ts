/**
 * Whether the window is phone-narrow: below antd's `sm` breakpoint (`(min-width: token.screenSM px)`,
 * antd's responsiveObserver), read as the list renders and followed as the window changes.
 *
 * Not antd's Grid.useBreakpoint: it reads the breakpoints in a layout effect and draws its component
 * again once mounted whatever it found: the list's body was drawn a second time inside every list's
 * mount (render log of a menu click to /staff; ProTable's own state draws that commit too).
 *
 * @example
 * const narrow = useNarrow(token.screenSM);
 */
import { useCallback, useSyncExternalStore } from 'react';

const queries = new Map<string, MediaQueryList>();

function wide(query: string): MediaQueryList | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  let q = queries.get(query);
  if (!q) queries.set(query, (q = window.matchMedia(query)));
  return q;
}

export function useNarrow(screenSM: number): boolean {
  const query = `(min-width: ${screenSM}px)`;
  const subscribe = useCallback(
    (notify: () => void) => {
      const q = wide(query);
      q?.addEventListener('change', notify);
      return () => q?.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => wide(query)?.matches === false,
    () => false,
  );
}
