/**
 * A text on one line, cut with "…" by CSS, with the whole text in a tooltip on hover when it is cut:
 * a table cell drawn outside a list (a list's table has one tooltip for all its cut texts,
 * ellipsis-tip.tsx). A detail shows its texts whole (fields/text.tsx). Nothing is measured while rendering: antd's `Typography ellipsis` measures every cell as
 * it mounts (a forced layout each, ~50 ms for the two such columns of a 20-row order page); here the
 * check runs once, on the first hover, and only then is a Tooltip mounted.
 *
 * @example
 * <EllipsisText text={address} />  // in a table cell
 */
import { useState } from 'react';
import { Tooltip } from 'antd';

/** As wide as its box; the cut itself is the `cell-ellipsis` class (cells.css), not an inline style set on every mount. */
export function EllipsisText({ text }: { text: string }) {
  // the text found cut (a table row drawn again for another record shows another text)
  const [cutText, setCutText] = useState<string>();
  const cut = cutText === text;
  const span = (
    <span className="cell-ellipsis" onMouseEnter={(e) => !cut && e.currentTarget.scrollWidth > e.currentTarget.clientWidth && setCutText(text)}>
      {text}
    </span>
  );
  return cut ? (
    <Tooltip title={text} defaultOpen>
      {span}
    </Tooltip>
  ) : (
    span
  );
}
