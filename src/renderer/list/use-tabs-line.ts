/**
 * Whether a list's status tabs get a line of their own above the table. They share the toolbar's line
 * while they fit beside its buttons; when they would not (longer labels in en-US, a narrower window),
 * antd's Tabs would hide the last ones behind "…", so they move to their own line, where all of them
 * show. Decided from the tabs' translated labels with their counts (measured with the page's font) and
 * the toolbar's buttons as laid out, again on every resize and count change; back on the shared line only
 * with some room to spare, so a count growing by a digit does not make them jump to and fro.
 *
 * @example
 * const ownLine = useTabsOwnLine(boxRef, tabItems.map((i) => i.label), token.fontFamily); // boxRef: around the ProTable
 */
import { useMemo, useState, type RefObject } from 'react';
import { useResizeCheck } from './use-resize-check';
import { textMeasure } from '../../engine';

/** antd Tabs: 32 px between tabs; the toolbar keeps 16 px between its two sides. */
const TAB_GUTTER = 32;
const SIDES_GAP = 16;
/** room needed beyond the tabs' width before they share the toolbar's line again */
const HYSTERESIS = 48;

export function tabsWidth(labels: string[], measure: (text: string, size: number) => number, size = 14): number {
  return Math.ceil(labels.reduce((sum, l) => sum + measure(l, size), 0) + TAB_GUTTER * Math.max(0, labels.length - 1));
}

export function useTabsOwnLine(box: RefObject<HTMLElement | null>, labels: string[], fontFamily: string): boolean {
  const [ownLine, setOwnLine] = useState(false);
  const key = labels.join('\n');
  const need = useMemo(() => (labels.length ? tabsWidth(labels, textMeasure(fontFamily)) : 0), [key, fontFamily]);

  useResizeCheck(
    box,
    (el) => {
      const container = el.querySelector<HTMLElement>('.ant-pro-table-list-toolbar-container');
      const right = el.querySelector<HTMLElement>('.ant-pro-table-list-toolbar-right');
      if (!container || !container.clientWidth) return;
      const spare = container.clientWidth - (need + (right?.scrollWidth ?? 0) + SIDES_GAP);
      setOwnLine((was) => (was ? spare < HYSTERESIS : spare < 0));
    },
    [need],
    need > 0,
  );

  return ownLine;
}
