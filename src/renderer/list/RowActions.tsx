/**
 * The operation cell: the actions this user may run on this row (roles + when; forbidden ones are
 * not rendered). The first three are links, the rest sit under "更多". Plain links (antd styles `a`,
 * cells.css keeps each on one line) in a plain row 12 px apart (as antd's Space lays them out, without
 * its two components and a div per link on every row). A plain call, not a component: the list's row
 * keeps a column's result while the record is the same (lean-row.tsx), which is all a memo did.
 *
 * "更多" is a plain link too: its menu is the table's one RowMenuHost, which draws antd's Dropdown
 * over the clicked link's box (a fixed, click-through stand-in of the same size, so the menu is placed
 * as it would be on the link). A component per row that mounted its Dropdown at the first click was
 * still 20–50 components with state on every page of rows (render log of a page-size-50 click: 50 of
 * the commit's 275).
 *
 * @example
 * const more = useRef<ShowMore>(null);
 * render: (_, record) => rowActions({ gate, record, onRun, onPress, more: (el, names, r) => more.current?.(el, names, r) }, t)
 * <RowMenuHost show={more} gate={gate} onRun={onRun} />
 */
import { memo, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { Dropdown } from 'antd';
import { splitRowActions, type ActionGate, type Row, type Translate } from '../../engine';
import { useT } from '../i18n';

/** Opens (or, on the link whose menu is open, closes) the menu of `names` for `record` at the link `el`. */
export type ShowMore = (el: HTMLElement, names: string[], record: Row) => void;

interface Props {
  gate: ActionGate;
  record: Row;
  onRun: (name: string, record: Row) => void;
  /** an inline link pressed, before its click (a detail's requests can leave then) */
  onPress?: (name: string, record: Row) => void;
  /** the table's RowMenuHost handle, for "更多" */
  more: ShowMore;
}

export function rowActions({ gate, record, onRun, onPress, more }: Props, t: Translate): ReactNode {
  const names = gate.rowActions(record);
  if (!names.length) return null;
  const { inline, more: rest } = splitRowActions(names);
  return (
    <span className="row-actions">
      {inline.map((n) => (
        <a
          key={n}
          data-action={n}
          className={gate.action(n).danger ? 'cell-action-danger' : undefined}
          onPointerDown={onPress && ((e) => e.button === 0 && onPress(n, record))}
          onClick={() => onRun(n, record)}
        >
          {t(gate.action(n).title)}
        </a>
      ))}
      {rest.length > 0 && (
        // its chevron is painted by cells.css (.row-more, mask-icon.ts)
        <a data-more className="row-more" aria-haspopup="menu" onClick={(e) => more(e.currentTarget, rest, record)}>
          {t('renderer.more')}
        </a>
      )}
    </span>
  );
}

interface Shown {
  el: HTMLElement;
  names: string[];
  record: Row;
  box: { left: number; top: number; width: number; height: number };
  open: boolean;
}

/**
 * A press on the open menu's link closes it (it is outside the menu) before the link's click: that
 * click, the next one on the link, only closes. A press that never became a click (dragged off the
 * link) stops counting after this long.
 */
const RECLICK_MS = 1000;

/** The table's one "更多" menu; `show` is set to its handle. Drawn again only for its own state. */
export const RowMenuHost = memo(function RowMenuHost({
  show,
  gate,
  onRun,
}: {
  show: Ref<ShowMore>;
  gate: ActionGate;
  onRun: (name: string, record: Row) => void;
}) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);
  const closed = useRef<{ el: HTMLElement; at: number } | null>(null);
  const close = () => setShown((s) => s && { ...s, open: false });
  useImperativeHandle(
    show,
    () => (el, names, record) => {
      const c = closed.current;
      closed.current = null;
      if (c && c.el === el && performance.now() - c.at < RECLICK_MS) return;
      setShown((s) => {
        if (s?.open && s.el === el) return { ...s, open: false };
        const r = el.getBoundingClientRect();
        return { el, names, record, box: { left: r.left, top: r.top, width: r.width, height: r.height }, open: true };
      });
    },
    [],
  );
  const el = shown?.open ? shown.el : null;
  const box = shown?.box;
  useEffect(() => {
    if (!el || !box) return;
    // the link moved from under the stand-in (a scroll that moved it; not one elsewhere), or its row shows another record
    const moved = () => {
      const r = el.getBoundingClientRect();
      if (Math.abs(r.left - box.left) > 1 || Math.abs(r.top - box.top) > 1) close();
    };
    const changed = new MutationObserver(close);
    const row = el.closest('tr') ?? el;
    changed.observe(row, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['data-row-key'] });
    // a press on the open menu's own link closes it (outside the menu): its click must not open it again.
    // Only that press: a click after Escape, a scroll or another row's press opens the menu at once.
    const pressed = (e: PointerEvent) => {
      if (e.target instanceof Node && el.contains(e.target)) closed.current = { el, at: performance.now() };
    };
    window.addEventListener('pointerdown', pressed, true);
    window.addEventListener('scroll', moved, true);
    window.addEventListener('resize', moved);
    return () => {
      changed.disconnect();
      window.removeEventListener('pointerdown', pressed, true);
      window.removeEventListener('scroll', moved, true);
      window.removeEventListener('resize', moved);
    };
  }, [el, box]);
  if (!shown) return null;
  return createPortal(
    <Dropdown
      trigger={['click']}
      open={shown.open}
      onOpenChange={(open) => !open && close()}
      menu={{
        items: shown.names.map((n) => ({ key: n, label: <span data-action={n}>{t(gate.action(n).title)}</span>, danger: !!gate.action(n).danger })),
        onClick: ({ key }) => {
          close();
          onRun(key, shown.record);
        },
      }}
    >
      <span aria-hidden style={{ position: 'fixed', pointerEvents: 'none', ...shown.box }} />
    </Dropdown>,
    document.body,
  );
});
