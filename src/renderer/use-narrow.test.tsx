// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNarrow } from './use-narrow';

/** A window whose width the test sets: matchMedia answers `(min-width: Npx)` from it and tells of changes. */
function fakeWindow(width: number) {
  const lists: { min: number; listeners: Set<() => void>; matches: boolean }[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1]);
    const listeners = new Set<() => void>();
    const list = {
      min,
      listeners,
      get matches() {
        return width >= min;
      },
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    };
    lists.push(list);
    return list;
  });
  return {
    resize(w: number) {
      width = w;
      lists.forEach((l) => l.listeners.forEach((f) => f()));
    },
  };
}

describe('useNarrow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is right in the first render and draws its component once as it mounts (antd useBreakpoint drew it twice)', () => {
    fakeWindow(390);
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useNarrow(577));
      return null;
    }
    render(<Probe />);
    expect(seen).toEqual([true]);
  });

  it('follows the window across the breakpoint, and draws nothing while it stays on one side', () => {
    const win = fakeWindow(1440);
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useNarrow(578));
      return null;
    }
    render(<Probe />);
    act(() => win.resize(1280));
    expect(seen).toEqual([false]);
    act(() => win.resize(500));
    expect(seen).toEqual([false, true]);
    act(() => win.resize(900));
    expect(seen).toEqual([false, true, false]);
  });
});
