/**
 * Runs `check` on a box as it is laid out (in a layout effect: before the first paint) and again each
 * time the box is resized; again too when `deps` change. Nothing while `box` is not mounted.
 *
 * @example
 * useResizeCheck(boxRef, (el) => setWide(el.clientWidth > 1000), [], true);
 */
import { useLayoutEffect, type DependencyList, type RefObject } from 'react';

export function useResizeCheck(box: RefObject<HTMLElement | null>, check: (el: HTMLElement) => void, deps: DependencyList, active = true): void {
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !active) return;
    const run = () => check(el);
    run();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(run);
    ro.observe(el);
    return () => ro.disconnect();
    // `check` is new at each render; what it reads is in `deps`
  }, [box, active, ...deps]);
}
