/**
 * A table cell's text on one line, cut with "…" by CSS, with the whole text in a tooltip on hover when
 * it is cut. Nothing is measured while rendering: antd's `Typography ellipsis` measures every cell as
 * it mounts (a forced layout each, ~50 ms for the two such columns of a 20-row order page); here the
 * check runs once, on the first hover, and only then is a Tooltip mounted.
 *
 * @example
 * <EllipsisText text={address} maxWidth={200} />
 */
import { useState, type CSSProperties } from 'react';
import { theme, Tooltip } from 'antd';

const CUT: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
};

export function EllipsisText({ text, maxWidth }: { text: string; maxWidth: number | string }) {
  const [cut, setCut] = useState(false);
  const { token } = theme.useToken();
  // the type of antd's Typography, which these cells used before (also under a column's grey second line)
  const type: CSSProperties = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight };
  const span = (
    <span
      className="cell-ellipsis"
      style={{ ...CUT, ...type, maxWidth }}
      onMouseEnter={(e) => !cut && e.currentTarget.scrollWidth > e.currentTarget.clientWidth && setCut(true)}
    >
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
