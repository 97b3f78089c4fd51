/**
 * The router's `useTransitions` (RouterProvider): navigations render in a React transition while the
 * first page loads, and as ordinary updates once it is up and the browser idle.
 *
 * A transition renders in 5 ms slices between frames and starts again from the top when another
 * update comes in meanwhile. A menu click to a list not yet open rendered its ~600 components that
 * way, restarting on the menu's own hover and transition-end updates (trace: ~90 ms of gaps and short
 * slices before the render that committed); as an ordinary update it renders in one task (A/B in one
 * run, 10 menu clicks to /staff each: result − API median 272 → 173 ms). The first page's own render,
 * though, came sooner in a transition, which lets the browser take the chunks and answers still
 * arriving in between (navigation → interactive, 7–9 loads each, interleaved: /order warm 917–968 →
 * 986–994 ms, /product 943–978 → 1031–1037 without it).
 *
 * @example
 * <RouterProvider router={router} useTransitions={useNavigationTransitions(router)} />
 */
import { useEffect, useState } from 'react';
import type { ShellRouter } from './create-router';
import { whenIdle } from '../../engine/idle';

type RouterState = ShellRouter['state'];

/** `undefined` (react-router's default: a transition) until the first navigation has settled and the browser is idle, then `false`. */
export function useNavigationTransitions(router: ShellRouter): false | undefined {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let cancelIdle: (() => void) | undefined;
    const check = (s: RouterState) => {
      if (!cancelIdle && s.initialized && s.navigation.state === 'idle') cancelIdle = whenIdle(() => setSettled(true), 2000);
    };
    check(router.state);
    const unsubscribe = router.subscribe(check);
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [router, settled]);
  return settled ? false : undefined;
}
