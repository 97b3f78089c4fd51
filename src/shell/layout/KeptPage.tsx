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
 * A page drawn ahead (`pre`, KeepAliveOutlet's `prerender`) is rendered by React hidden (<Activity>:
 * at its lowest priority, its effects not run yet) into a box of its own outside the document, so nothing
 * of it can be found, hit or read until it is visited. Every page is drawn into such a box (a portal),
 * put in the page's place before the page's own effects run as it first shows (the box's holder comes
 * first among its siblings, so its layout effect runs before theirs): the page's measures read it laid out.
 *
 * Once drawn, when the browser is idle again, the page's effects run too (`warm`: <Activity> visible,
 * the box still outside the document), no longer in a menu click to it: showing a hidden <Activity>
 * mounts every effect of the page, and ~60 of antd's set state in layout effects
 * (rc-field-form's field subscriptions, the triggers, CSSMotion), which drew ~110 components a second
 * time before the frame (render log and CPU profile of a menu click to /staff). Effects of a page drawn
 * ahead do nothing that reaches beyond it: a list asks for nothing and writes no URL until its visit,
 * and measures nothing laid out until then (useDrawnAhead).
 *
 * @example
 * <KeptPage active={p === path}>{kept.element}</KeptPage>
 */
import { Activity, startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DrawnAheadContext } from '../../engine/drawn-ahead';
import { whenIdle } from '../../engine/idle';

/** A modal layer open on the page (antd's drawers, dialogs and image preview; popups close on the click that navigates). */
const OPEN_OVERLAY = '.ant-drawer-open, .ant-modal-wrap:not([style*="display: none"]), .ant-image-preview-wrap:not([style*="display: none"])';

const HIDDEN = { contentVisibility: 'hidden' } as const;

/** At most how long a page drawn ahead waits for the browser to be idle before its effects run. */
const WARM_WITHIN_MS = 5000;

/** Puts the page's box into the kept page's element once the page is visited (before the page's own layout effects). */
function BoxHolder({ box, pre }: { box: HTMLElement; pre: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = holder.current;
    if (!pre && el && box.parentNode !== el.parentNode) el.after(box);
  }, [box, pre]);
  return <div ref={holder} hidden />;
}

export function KeptPage({ active, pre = false, children }: { active: boolean; pre?: boolean; children: ReactNode }) {
  const [deep, setDeep] = useState(false);
  // a page drawn ahead whose effects run (see above)
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (!pre || warm) return;
    return whenIdle(() => startTransition(() => setWarm(true)), WARM_WITHIN_MS);
  }, [pre, warm]);
  const [body] = useState(() => {
    const el = document.createElement('div');
    el.className = 'kept-page-body';
    return el;
  });
  // the body's overlay containers as the page was left, in their stacking (DOM) order
  const layers = useRef<Element[]>([]);
  const box = useRef<HTMLDivElement>(null);
  // as the page is left, before the paint: a layer still open makes this a deep hide
  useLayoutEffect(() => {
    if (active) {
      setDeep(false);
      return;
    }
    // a page drawn ahead was never shown: nothing of it is focused or open (and as it mounts, the
    // overlays of the page shown are not its own to put back)
    if (pre) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && box.current?.contains(focused)) focused.blur();
    if (document.querySelector(OPEN_OVERLAY)) {
      layers.current = [...document.body.children].filter((el) => el.querySelector(OPEN_OVERLAY));
      setDeep(true);
    }
  }, [active, pre]);
  // <Activity> takes a hidden page's portals off the body and puts them back as its effects mount
  // again, in effect order: a drawer's container came back after its dialog's and covered it (the
  // dialog's OK could not be clicked). Once shown, the containers go back to the order they had.
  useLayoutEffect(() => {
    if (deep || !layers.current.length) return;
    for (const el of layers.current) if (el.isConnected) document.body.appendChild(el);
    layers.current = [];
  }, [deep]);
  return (
    <div ref={box} className="kept-page" style={active ? undefined : HIDDEN} aria-hidden={active ? undefined : true} hidden={pre || undefined}>
      <BoxHolder box={body} pre={pre} />
      {createPortal(
        <Activity mode={(pre && !warm) || (deep && !active) ? 'hidden' : 'visible'}>
          <DrawnAheadContext.Provider value={pre}>{children}</DrawnAheadContext.Provider>
        </Activity>,
        body,
      )}
    </div>
  );
}
