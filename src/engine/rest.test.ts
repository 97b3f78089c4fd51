import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_MS, askAhead } from './rest';

const press = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
let asked: string[] = [];
const target = (name: string) => askAhead(() => asked.push(name));

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
});
afterEach(() => {
  target('-').onPointerLeave();
  vi.useRealTimers();
});

describe('a target that asks ahead', () => {
  it('asks once the pointer has rested on it', () => {
    target('/staff').onPointerEnter();
    vi.advanceTimersByTime(REST_MS - 1);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked).toEqual(['/staff']);
  });

  it('asks nothing for a target the pointer only passes over, or presses before resting (the press asks itself)', () => {
    const store = target('/store');
    const staff = target('/staff');
    const merchant = target('/merchant');
    store.onPointerEnter();
    vi.advanceTimersByTime(REST_MS / 2);
    staff.onPointerEnter(); // on to the next item
    vi.advanceTimersByTime(REST_MS / 2);
    staff.onPointerLeave(); // and off the menu
    merchant.onPointerEnter();
    merchant.onPointerDown(press); // pressed at once
    vi.advanceTimersByTime(REST_MS * 5);
    expect(asked).toEqual(['/merchant']);
  });

  it('asks nothing on a press of another button or with a modifier (no click of this page follows)', () => {
    const t = target('2');
    t.onPointerDown({ ...press, button: 2 });
    t.onPointerDown({ ...press, ctrlKey: true });
    t.onPointerDown({ ...press, metaKey: true });
    expect(asked).toEqual([]);
  });
});
