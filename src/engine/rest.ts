/**
 * What a target whose click will ask for something (a menu item, a pager item, a status tab) asks for
 * ahead: `ask` runs once the pointer has rested on it REST_MS, as a person's pointer does for 100–300 ms
 * before pressing, or as it is pressed (a plain press of the main button), whichever comes first. A
 * pointer passing over on its way elsewhere asks nothing (it leaves first). There is one pointer:
 * resting on another target drops the first.
 *
 * @example
 * <a {...askAhead(() => list.pressPage(2))} onClick={…}>2</a>
 */

/** How long the pointer rests on a target before its `ask` runs. */
export const REST_MS = 100;

let timer: ReturnType<typeof setTimeout> | undefined;

function cancel(): void {
  clearTimeout(timer);
  timer = undefined;
}

interface Press {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The pointer handlers of such a target. */
export function askAhead(ask: () => void) {
  return {
    onPointerEnter: () => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        ask();
      }, REST_MS);
    },
    onPointerLeave: cancel,
    onPointerDown: (e: Press) => {
      cancel();
      // a press with a modifier opens elsewhere (a new tab) or selects: no click of this page follows
      if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) ask();
    },
  };
}
