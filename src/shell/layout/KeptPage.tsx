/**
 * One kept page (KeepAliveOutlet): shown, or hidden with `content-visibility: hidden`, which keeps the
 * page's style and layout for its return. React's <Activity> hides with `display: none`, which drops
 * them: revealing a 20-row list cost ~80-100 ms of style and layout, and its effects mounting again
 * made rc-table measure its columns and render once more. Hidden, the page takes no clicks and no focus
 * (content-visibility skips its contents: nothing of it is drawn, hit or reached by Tab; a field focused
 * as the page is left loses its focus) and is out of the accessibility tree (aria-hidden). Its effects
 * stay mounted: nothing a hidden page runs reacts to another page (a list follows only its own path's
 * URL; a document listener lives only while a drawer or dialog is open, and such a page is hidden as
 * below).
 *
 * No `inert`: Chromium keeps it in every element's computed style, so setting it or taking it away
 * restyles the whole page. Set on a page as it was left, that was a second style pass over its 600–870
 * elements (10–44 ms) in the frames right after a menu click had drawn the new page (trace of menu clicks
 * to /staff, /store, /merchant: "DisplayLock" invalidation of the kept page); gone without it.
 *
 * A dialog or drawer still open as the page is left (a browser "back" from inside it, a link in it) is
 * a portal outside the page, which `content-visibility` cannot hide: that page is then hidden by
 * <Activity> as before (its portals hidden too, its effects paused) until it shows again.
 *
 * @example
 * <KeptPage active={p === path}>{kept.element}</KeptPage>
 */
import { Activity, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** A modal layer open on the page (antd's drawers, dialogs and image preview; popups close on the click that navigates). */
const OPEN_OVERLAY = '.ant-drawer-open, .ant-modal-wrap:not([style*="display: none"]), .ant-image-preview-wrap:not([style*="display: none"])';

const HIDDEN = { contentVisibility: 'hidden' } as const;

export function KeptPage({ active, children }: { active: boolean; children: ReactNode }) {
  const [deep, setDeep] = useState(false);
  // the body's overlay containers as the page was left, in their stacking (DOM) order
  const layers = useRef<Element[]>([]);
  const box = useRef<HTMLDivElement>(null);
  // as the page is left, before the paint: a layer still open makes this a deep hide
  useLayoutEffect(() => {
    if (active) {
      setDeep(false);
      return;
    }
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && box.current?.contains(focused)) focused.blur();
    if (document.querySelector(OPEN_OVERLAY)) {
      layers.current = [...document.body.children].filter((el) => el.querySelector(OPEN_OVERLAY));
      setDeep(true);
    }
  }, [active]);
  // <Activity> takes a hidden page's portals off the body and puts them back as its effects mount
  // again, in effect order: a drawer's container came back after its dialog's and covered it (the
  // dialog's OK could not be clicked). Once shown, the containers go back to the order they had.
  useLayoutEffect(() => {
    if (deep || !layers.current.length) return;
    for (const el of layers.current) if (el.isConnected) document.body.appendChild(el);
    layers.current = [];
  }, [deep]);
  return (
    <div ref={box} className="kept-page" style={active ? undefined : HIDDEN} aria-hidden={active ? undefined : true}>
      <Activity mode={deep && !active ? 'hidden' : 'visible'}>{children}</Activity>
    </div>
  );
}
