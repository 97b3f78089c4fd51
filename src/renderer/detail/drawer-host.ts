/**
 * The detail drawer's own host element and its page-scroll lock, applied after the drawer's first
 * paint instead of inside the click that opens it.
 *
 * antd's Drawer locks the page's scrolling from a layout effect of its portal: it measures the
 * scrollbar with a probe element (rc-util `getTargetScrollBarSize`), reads whether the body overflows,
 * then adds a stylesheet. The measure forces a layout of the whole page with the drawer just inserted,
 * inside the click's task: 36–52 ms of an "open detail" click in its CPU profile (bench/profile.ts),
 * before the drawer could paint. rc-portal locks only when it mounts into document.body, so the drawer
 * mounts into a host of its own and `useScrollLockAfterPaint` does the same lock once the drawer is
 * on screen, when reading the layout costs nothing.
 *
 * The host is one element per drawer, put on the body by a layout effect and taken off by its
 * cleanup, as rc-portal does with its own container: KeptPage hides a page left with its drawer open
 * by <Activity>, whose effect cleanup must take the drawer off the screen (and put it back, the same
 * element with the same content, when the page shows again). The drawer is drawn from the render
 * after the host is on the body, so it never mounts into a detached element (its focus would be lost).
 *
 * @example
 * const host = useDrawerHost();
 * useScrollLockAfterPaint(open && !!host);
 * {host && <Drawer open={open} getContainer={host} … />}
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { afterPaint } from '../../engine/after-paint';

/** This drawer's host element once it is on the body (undefined in the render before, or when not `wanted`). */
export function useDrawerHost(wanted = true): HTMLElement | undefined {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.className = 'drawer-host';
    return el;
  });
  const [attached, setAttached] = useState(false);
  useLayoutEffect(() => {
    if (!wanted) return;
    document.body.appendChild(host);
    setAttached(true);
    return () => host.remove();
  }, [host, wanted]);
  return attached && wanted ? host : undefined;
}

/** How many drawers hold the lock, and the body's own style from before the first took it. */
let holders = 0;
let before = { overflowY: '', width: '' };

function lock(): void {
  if (holders++ > 0) return;
  const { body, documentElement: root } = document;
  // the page's own scrollbar: 0 when it has none, or when scrollbars overlay the page
  const gap = window.innerWidth - root.clientWidth;
  before = { overflowY: body.style.overflowY, width: body.style.width };
  body.style.overflowY = 'hidden';
  if (gap > 0) body.style.width = `calc(100% - ${gap}px)`;
}

function unlock(): void {
  if (--holders > 0) return;
  document.body.style.overflowY = before.overflowY;
  document.body.style.width = before.width;
}

/** Locks the page's scrolling while `locked`, from the frame after the one that shows the drawer. */
export function useScrollLockAfterPaint(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    let held = false;
    let cancelled = false;
    afterPaint(() => {
      if (cancelled) return;
      lock();
      held = true;
    });
    return () => {
      cancelled = true;
      if (held) unlock();
    };
  }, [locked]);
}
