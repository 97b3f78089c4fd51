/**
 * The detail drawer's page-scroll lock, applied after the drawer's first paint instead of inside the
 * click.
 *
 * antd's Drawer locks the page's scrolling from a layout effect of its portal: it measures the
 * scrollbar by adding a probe element styled like the body's scrollbar (rc-util
 * `getTargetScrollBarSize`), reads whether the body overflows, then adds a stylesheet. The measure
 * forces a layout of the whole page with the drawer just inserted, inside the click's task: 36–52 ms
 * of an "open detail" click in the CPU profile (bench/profile.ts), before the drawer could paint.
 *
 * rc-portal locks only when the drawer is mounted straight into document.body. So the drawer is
 * mounted into a host element of its own (`drawerHost`, a child of body: the drawer is `position:
 * fixed` either way, so it looks the same), and `useScrollLockAfterPaint` does the same lock once the
 * drawer is on screen, when the page's layout is clean and reading it costs nothing: overflow hidden
 * on body, and its width reduced by the scrollbar it had, so nothing shifts sideways.
 *
 * @example
 * useScrollLockAfterPaint(open);
 * <Drawer open={open} getContainer={drawerHost} … />
 */
import { useEffect } from 'react';
import { afterPaint } from '../../engine';

let host: HTMLElement | undefined;

/** The element the detail drawer is mounted into: one per document, made on first use. */
export function drawerHost(): HTMLElement {
  if (!host?.isConnected) {
    host = document.createElement('div');
    host.className = 'drawer-host';
    document.body.appendChild(host);
  }
  return host;
}

/** Locks the page's scrolling while `locked`, from the frame after the one that shows the drawer. */
export function useScrollLockAfterPaint(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    afterPaint(() => {
      if (cancelled) return;
      const { body, documentElement: root } = document;
      // the page's own scrollbar: 0 when it has none, or when scrollbars overlay the page
      const gap = window.innerWidth - root.clientWidth;
      const before = { overflowY: body.style.overflowY, width: body.style.width };
      body.style.overflowY = 'hidden';
      if (gap > 0) body.style.width = `calc(100% - ${gap}px)`;
      undo = () => {
        body.style.overflowY = before.overflowY;
        body.style.width = before.width;
      };
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [locked]);
}
