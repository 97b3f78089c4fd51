/**
 * Runs `check` on a box as it is laid out (in a layout effect: before the first paint) and again each
 * time the box is resized; again too when `deps` change. Nothing while `box` is not mounted. A page
 * drawn ahead runs its effects outside the document, where nothing is laid out: there the check waits
 * for the page's visit and runs in the visit's own commit (the page's box is in the document by then),
 * so its first paint is drawn with what it found, not a frame later from the resize observer.
 *
 * @example
 * useResizeCheck(boxRef, (el) => setWide(el.clientWidth > 1000), [], true);
 */
import { useLayoutEffect, type DependencyList, type RefObject } from 'react';
import { useDrawnAhead } from '../../engine';

export function useResizeCheck(box: RefObject<HTMLElement | null>, check: (el: HTMLElement) => void, deps: DependencyList, active = true): void {
  const ahead = useDrawnAhead();
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !active || ahead) return;
    const run = () => check(el);
    run();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(run);
    ro.observe(el);
    return () => ro.disconnect();
    // `check` is new at each render; what it reads is in `deps`
  }, [box, active, ahead, ...deps]);
}
