/**
 * A pointer resting on a menu item asks for the item's list ahead of the press that usually follows
 * (engine/rest.ts: a person's pointer rests on an item for 100–300 ms before pressing it, about the
 * time the list's answer takes). The list's first calls leave then (startScreenCalls: nothing for a
 * kept page, a screen the user may not open, or one whose schema is not in), and the press and the
 * click that follow take their answer instead of asking again, so the visit draws the rows at once
 * instead of waiting for them. A pointer passing over the menu on its way elsewhere asks nothing. The
 * answer is kept as a press's is, PRESS_TTL_MS from its request: a press later than that asks again,
 * so a first visit never shows rows older than that.
 *
 * @example
 * <a onPointerEnter={() => restOn('/staff')} onPointerLeave={leave} onPointerDown={leave}>…</a>
 */
import { cancelRest, restThen } from '../../engine/rest';
import { startScreenCalls } from '../router/screen-routes';
import { PRESS_TTL_MS } from '../request/prefetch';

/** The pointer reached the item linking to `href`: its list is asked for once it has rested there. */
export function restOn(href: string): void {
  restThen(() => startScreenCalls(href, PRESS_TTL_MS));
}

/** The pointer left the item, or pressed it (the press sends the calls itself). */
export const leave = cancelRest;
