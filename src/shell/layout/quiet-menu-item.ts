/**
 * The top menu's items without rc-menu's pointer-driven "active" item. rc-menu keeps the active item in
 * the Menu's own state and sets it as the pointer enters or leaves an item and as a press focuses its
 * link, and each change draws the whole menu again (~117 components: every item through rc-overflow;
 * render log of a menu click, the first commit inside the press). The pointer crosses items on its
 * way to one, and the press is in every menu click's first task. What that state shows, CSS shows
 * already: antd's menu styles `:hover` as it styles the active item. Focus from the keyboard still
 * marks the item (`:focus-visible`, the focus a Tab or an arrow key gives), which the arrow keys start
 * from; they also find the item from the focused link when none is marked.
 *
 * Given to rc-menu as `_internalRenderMenuItem` (antd's MenuProps; ProLayout passes it through): it
 * receives each item's element as rc-menu made it.
 *
 * @example
 * <ProLayout menuProps={{ _internalRenderMenuItem: quietMenuItem }} … />
 */
import { cloneElement, type FocusEvent, type ReactElement } from 'react';

type ItemProps = {
  onMouseEnter?: unknown;
  onMouseLeave?: unknown;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
};

/** Whether `el` has the focus a keyboard gives (the browser's `:focus-visible`). */
function keyboardFocus(el: EventTarget): boolean {
  try {
    return el instanceof Element && el.matches(':focus-visible');
  } catch {
    return true; // a browser without the selector: as before
  }
}

export function quietMenuItem(node: ReactElement): ReactElement {
  const { onFocus } = node.props as ItemProps;
  return cloneElement<ItemProps>(node as ReactElement<ItemProps>, {
    onMouseEnter: undefined,
    onMouseLeave: undefined,
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (keyboardFocus(e.target)) onFocus?.(e);
    },
  });
}
