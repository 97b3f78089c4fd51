/**
 * New rows drawn as far as the window shows them first, the rest right after that frame is painted.
 *
 * A search, reset, tab or page on /order puts 20 new records into rows ~107 px tall below a search form:
 * the window shows six of them. Drawing all twenty before the first paint was most of what such a click
 * cost after its answer came (trace of a reset: the rows' render 27 ms, then a layout of 14–25 ms and
 * the paint, all before anything changed on screen). Drawn in two steps, the rows the user can see are
 * on screen after a third of that work; the others follow in the task after that paint, before the
 * user can scroll to them. Until then a blank row of their estimated height keeps the table's height,
 * so nothing below it (the pager) moves, and no row below the fold shows an old record.
 *
 * Only a body already laid out on screen does this (its rows' height measured after its last full draw,
 * its place read as the new rows' render begins); a first draw, a hidden page and rows that did not
 * change (a bigger page keeps the rows it had) draw everything at once.
 *
 * @example
 * const upTo = useRowsInView(bodyRef, records); // draw rows.slice(0, upTo), then a spacer of `spacer` px
 */
import { useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';
import { afterPaint } from '../../engine/after-paint';

/** Fewer rows left for the second step than this: all of them go in the first. */
const LEAST_LEFT = 4;

/**
 * Whether the element is drawn: not under `display: none` (a page drawn ahead) nor in a kept page's
 * skipped contents (`content-visibility: hidden`), where reading its box would lay that page out.
 */
function shown(el: HTMLElement): boolean {
  return typeof el.checkVisibility !== 'function' || el.checkVisibility();
}

export interface RowsInView {
  /** how many rows to draw now (all of them: `records.length`) */
  upTo: number;
  /** the height of the blank row standing for the rest, 0 when there is none */
  spacer: number;
}

/**
 * @param body the table body element
 * @param records the records of the rows to draw, by position (null: not rows, e.g. the empty table)
 */
export function useRowsInView(body: RefObject<HTMLElement | null>, records: readonly unknown[] | null): RowsInView {
  // the rows' mean height at the last full draw on screen
  const rowHeight = useRef(0);
  // the records drawn by position at the last commit; all of them allowed in the next render
  const drawn = useRef<readonly unknown[]>([]);
  const allowAll = useRef(false);
  const [, drawAll] = useReducer((n: number) => n + 1, 0);

  let upTo = records?.length ?? 0;
  const el = body.current;
  if (records && rowHeight.current && el && !allowAll.current && records.length - LEAST_LEFT > 0 && shown(el)) {
    // where the body is now (read as the answer's render begins, the page laid out by the last frame
    // and nothing changed since: no layout is forced)
    const box = el.getBoundingClientRect();
    if (box.height > 0) {
      // the rows that reach into the window, and one more
      const inView = Math.max(1, Math.ceil((window.innerHeight - box.top) / rowHeight.current) + 1);
      const changedBelow = records.some((r, i) => i >= inView && r !== drawn.current[i]);
      if (changedBelow && records.length - inView >= LEAST_LEFT) upTo = inView;
    }
  }
  const cut = records ? records.length - upTo : 0;
  const spacer = cut > 0 ? Math.round(cut * rowHeight.current) : 0;

  useLayoutEffect(() => {
    drawn.current = records ? records.slice(0, upTo) : [];
    allowAll.current = false;
  });
  // after the paint of a full draw: where the body is, for the next one; after a partial one: the rest
  useEffect(() => {
    let live = true;
    afterPaint(() => {
      if (!live) return;
      if (cut > 0) {
        allowAll.current = true;
        drawAll();
        return;
      }
      const tbody = body.current;
      const rows = tbody?.querySelectorAll(':scope > tr[data-row-key]').length ?? 0;
      if (!tbody || !rows || document.visibilityState === 'hidden' || !shown(tbody)) return;
      const height = tbody.getBoundingClientRect().height;
      if (height > 0) rowHeight.current = height / rows;
    });
    return () => {
      live = false;
    };
  });
  return { upTo, spacer };
}
