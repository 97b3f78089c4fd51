/**
 * One tooltip for all the cut texts of a table (`ellipsis` fields), instead of an EllipsisText
 * component per cell: a page of /order drew 40 of them (two columns, twenty rows) on every page click,
 * each with its own state, only to mount a Tooltip on the rare hover of a cut text. Here a cell is a
 * plain span (ellipsisCell) whose hover, when its text is cut, hands the span and its text to the
 * table's one EllipsisTipHost; the host draws antd's Tooltip over the span's box (a fixed,
 * click-through stand-in of the same size, so it is placed as it would be on the span), and closes it
 * when the pointer leaves the span, the page scrolls or the span shows another text (a row drawn again
 * for another record).
 *
 * @example
 * const tip = useRef<ShowTip>(null);
 * <EllipsisTipHost show={tip} />
 * ellipsisCell(address, (el, text) => tip.current?.(el, text))
 */
import { Tooltip } from 'antd';
import { memo, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';

/** Shows the whole `text` of the cut span `el` (the host's handle). */
export type ShowTip = (el: HTMLElement, text: string) => void;

const cut = (el: HTMLElement) => el.scrollWidth > el.clientWidth;

/** A cut-by-CSS text (cells.css `cell-ellipsis`: as wide as its cell) whose hover asks `tip` for its tooltip when it is cut. */
export function ellipsisCell(text: string, tip: ShowTip): ReactNode {
  return (
    <span className="cell-ellipsis" onMouseEnter={(e) => cut(e.currentTarget) && tip(e.currentTarget, text)}>
      {text}
    </span>
  );
}

interface Shown {
  el: HTMLElement;
  text: string;
  box: { left: number; top: number; width: number; height: number };
  open: boolean;
}

/** The table's one tooltip for its cut texts; `show` is set to its handle. Drawn again only for its own state. */
export const EllipsisTipHost = memo(function EllipsisTipHost({ show }: { show: Ref<ShowTip> }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const stop = useRef<() => void>(undefined);
  useImperativeHandle(
    show,
    () => (el, text) => {
      stop.current?.();
      const r = el.getBoundingClientRect();
      setShown({ el, text, box: { left: r.left, top: r.top, width: r.width, height: r.height }, open: true });
      const close = () => {
        stop.current?.();
        setShown((s) => (s && s.el === el ? { ...s, open: false } : s));
      };
      // another text in the same span: a row reused for another record
      const changed = new MutationObserver(close);
      changed.observe(el, { childList: true, characterData: true, subtree: true });
      el.addEventListener('mouseleave', close);
      window.addEventListener('scroll', close, true);
      stop.current = () => {
        changed.disconnect();
        el.removeEventListener('mouseleave', close);
        window.removeEventListener('scroll', close, true);
        stop.current = undefined;
      };
    },
    [],
  );
  useEffect(() => () => stop.current?.(), []);
  if (!shown) return null;
  return createPortal(
    <Tooltip title={shown.text} open={shown.open}>
      <span aria-hidden style={{ position: 'fixed', pointerEvents: 'none', ...shown.box }} />
    </Tooltip>,
    document.body,
  );
});
