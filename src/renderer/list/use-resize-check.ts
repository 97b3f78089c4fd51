/**
 * Runs `check` on a box as it is laid out (in a layout effect: before the first paint) and again each
 * time the box is resized; again too when `deps` change. Nothing while `box` is not mounted, nor while
 * its page is drawn ahead (outside the document, nothing laid out): then in the visit's commit, after
 * the page's box is put in the document, so the visit's first frame is drawn with what it decides.
 *
 * @example
 * useResizeCheck(boxRef, (el) => setWide(el.clientWidth > 1000), [], true);
 */
import { useLayoutEffect, type DependencyList, type RefObject } from 'react';
import { useDrawnAhead } from '../../engine';

export function useResizeCheck(box: RefObject<HTMLElement | null>, check: (el: HTMLElement) => void, deps: DependencyList, active = true): void {
  const drawnAhead = useDrawnAhead();
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !active || drawnAhead) return;
    const run = () => check(el);
    run();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(run);
    ro.observe(el);
    return () => ro.disconnect();
    // `check` is new at each render; what it reads is in `deps`
  }, [box, active, drawnAhead, ...deps]);
}
