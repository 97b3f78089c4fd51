/**
 * How many of a table body's rows to draw in the render that brings them: when an answer brings more
 * rows than the body shows (page size 20 → 50, a reset after a narrow search), the rows that land on
 * screen are drawn at once and the rest in a transition right after, so the answer's frame is not kept
 * waiting for rows below the window's edge. Page size 50 on /order (trace): React drew the 30 new rows in
 * 21–35 ms, then their frame's style, layout and paint took 40–50 ms more, all before the rows on screen
 * showed; the rows below the window need neither before they are scrolled to. Everything else is drawn
 * in one go: a body's first rows (a list mounting shows its whole page), as many rows as before or fewer,
 * a body that is not in the page or is hidden (a kept page), and whatever the room cannot be measured for.
 *
 * The room is measured from the body as last drawn (its box is laid out: the answer comes frames after
 * the click), counting each new row at the lowest height a row has (MIN_ROW_PX), so taller rows only
 * mean a few rows drawn early that did not need to be.
 *
 * @example
 * const shown = useRowsInView(bodyRef, rows.length); // draw rows.slice(0, shown)
 */
import { startTransition, useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';

/** The lowest a body row is drawn (a small table's one line: 8 px padding above and below a 22 px line). */
export const MIN_ROW_PX = 38;

/** Rows drawn beyond those that fill the window, for rows that come out shorter than the ones they follow. */
export const SPARE_ROWS = 2;

/** New rows that land on screen below the rows `body` shows: Infinity when it cannot be told. */
export function rowsToFill(body: HTMLElement | null, viewHeight = window.innerHeight): number {
  if (!body?.isConnected || body.closest('[aria-hidden="true"], [hidden]')) return Infinity;
  const box = body.getBoundingClientRect();
  if (!box.width && !box.height) return Infinity;
  // below the last record's row; with none (its "no data" row) from the body's top
  const rows = body.querySelectorAll(':scope > tr[data-row-key]');
  const from = rows.length ? rows[rows.length - 1].getBoundingClientRect().bottom : box.top;
  return Math.max(0, Math.ceil((viewHeight - from) / MIN_ROW_PX)) + SPARE_ROWS;
}

/** The rows to draw now out of `total`, for the body in `body` (see the file's comment). */
export function useRowsInView(body: RefObject<HTMLElement | null>, total: number): number {
  // rows drawn at the last commit; -1 before the first
  const drawn = useRef(-1);
  // rows the transition after a partial draw allows; 0 once everything is drawn
  const allowed = useRef(0);
  const [, drawRest] = useReducer((n: number) => n + 1, 0);
  let shown = total;
  if (drawn.current >= 0 && total > Math.max(drawn.current, allowed.current)) {
    shown = Math.min(total, drawn.current + rowsToFill(body.current));
  }
  useLayoutEffect(() => {
    drawn.current = shown;
    if (shown === total) allowed.current = 0;
  });
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => {
      allowed.current = total;
      drawRest();
    });
  }, [shown, total]);
  return shown;
}
