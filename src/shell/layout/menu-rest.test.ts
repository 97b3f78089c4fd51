import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const startScreenCalls = vi.fn();
vi.mock('../router/screen-routes', () => ({ startScreenCalls: (...a: unknown[]) => startScreenCalls(...a) }));

const { leave, restOn } = await import('./menu-rest');
const { REST_MS } = await import('../../engine/rest');
const { PRESS_TTL_MS } = await import('../request/prefetch');

beforeEach(() => {
  vi.useFakeTimers();
  startScreenCalls.mockClear();
});
afterEach(() => {
  leave();
  vi.useRealTimers();
});

describe('a pointer resting on a menu item', () => {
  it("asks for the item's list once it has rested, kept as briefly as a press's answer", () => {
    restOn('/staff');
    vi.advanceTimersByTime(REST_MS - 1);
    expect(startScreenCalls).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(startScreenCalls).toHaveBeenCalledTimes(1);
    expect(startScreenCalls).toHaveBeenCalledWith('/staff', PRESS_TTL_MS);
  });

  it('asks nothing for an item it only passes over, or presses before resting (the press asks itself)', () => {
    restOn('/store');
    vi.advanceTimersByTime(REST_MS / 2);
    restOn('/staff'); // on to the next item
    vi.advanceTimersByTime(REST_MS / 2);
    leave(); // and off the menu
    restOn('/merchant');
    leave(); // pressed at once
    vi.advanceTimersByTime(REST_MS * 5);
    expect(startScreenCalls).not.toHaveBeenCalled();
  });
});
