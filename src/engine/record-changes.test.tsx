// @vitest-environment happy-dom
/**
 * An open detail reloads its record when a live update names it (once for a burst), not for other
 * records or while closed, and not when it asked for the record again after the change arrived (the
 * user's own action reloads it already: no second request).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { announceChanges, CHANGE_SETTLE_MS, useRecordChanged } from './record-changes';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useRecordChanged', () => {
  it('reloads once for a burst of changes to the record, never for another record or while closed', () => {
    const reload = vi.fn();
    const { rerender } = renderHook(({ open }) => useRecordChanged('order', 1876543210987654321n.toString(), reload, open), { initialProps: { open: true } });
    announceChanges('order', ['1876543210987654321']);
    announceChanges('order', ['1876543210987654321']);
    announceChanges('order', ['2']);
    vi.advanceTimersByTime(CHANGE_SETTLE_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    announceChanges('order', '*');
    vi.advanceTimersByTime(CHANGE_SETTLE_MS);
    expect(reload).toHaveBeenCalledTimes(2);
    rerender({ open: false });
    announceChanges('order', ['1876543210987654321']);
    vi.advanceTimersByTime(CHANGE_SETTLE_MS);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload a record asked for again after the change arrived', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const reload = vi.fn();
    let asked = 0;
    renderHook(() => useRecordChanged('order', '7', reload, true, () => asked));
    announceChanges('order', ['7']); // arrives at 1000
    asked = 1050; // the user's own action reloaded it after its change arrived
    vi.advanceTimersByTime(CHANGE_SETTLE_MS);
    expect(reload).not.toHaveBeenCalled();
    now = 2000;
    announceChanges('order', ['7']); // a later change: the record on screen predates it
    vi.advanceTimersByTime(CHANGE_SETTLE_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
