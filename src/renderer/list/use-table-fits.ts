/**
 * Whether a list's columns fit side by side in the width its table has. When they do, the table is
 * drawn without sideways scrolling and without fixed columns: nothing scrolls, so nothing needs to stay
 * in place, and rc-table then has no measuring row. That row measured every column after each mount
 * and each change of columns (hiding one in the column settings, a wider window) and redrew every row
 * with the widths it found (render log of a column hide on /order: the rows drawn twice, ~200 cells
 * each). When they do not fit (a narrower window, many columns), the table scrolls and keeps its fixed
 * columns. Decided as the table is laid out (before the first paint) and again on every resize.
 *
 * @example
 * const fits = useTableFits(boxRef, scrollX);
 * <ProTable scroll={fits ? undefined : { x: scrollX }} … />
 */
import { useState, type RefObject } from 'react';
import { useResizeCheck } from './use-resize-check';

export function useTableFits(box: RefObject<HTMLElement | null>, minWidth: number): boolean {
  const [fits, setFits] = useState(true);
  useResizeCheck(
    box,
    (el) => {
      const table = el.querySelector<HTMLElement>('.ant-table-wrapper');
      // 0: not laid out (a kept page hidden meanwhile); its width says nothing
      if (table?.clientWidth) setFits(table.clientWidth >= minWidth);
    },
    [minWidth],
  );
  return fits;
}
