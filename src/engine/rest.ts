/**
 * A pointer resting on something it is about to press (a menu item, a pager item, a status tab): `act`
 * runs once it has rested there REST_MS, as a person's pointer does for 100–300 ms before pressing, and
 * not for one passing over on its way elsewhere (it leaves first). There is one pointer: resting on
 * another thing drops the first. A press cancels it too (the press asks for its answer itself).
 *
 * @example
 * <a onPointerEnter={() => restThen(() => list.pressPage(2))} onPointerLeave={cancelRest} onPointerDown={cancelRest}>2</a>
 */

/** How long the pointer rests on a thing before `act` runs. */
export const REST_MS = 100;

let timer: ReturnType<typeof setTimeout> | undefined;

export function restThen(act: () => void): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    act();
  }, REST_MS);
}

/** The pointer left, or pressed. */
export function cancelRest(): void {
  clearTimeout(timer);
  timer = undefined;
}
