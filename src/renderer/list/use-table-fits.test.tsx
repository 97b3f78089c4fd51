// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableFits } from './use-table-fits';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A box with a table of `width` px inside (happy-dom lays nothing out: the width is given). */
function Probe({ minWidth, onFits }: { minWidth: number; onFits: (f: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);
  onFits(useTableFits(box, minWidth));
  return (
    <div ref={box}>
      <div className="ant-table-wrapper" />
    </div>
  );
}

function withTableWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ant-table-wrapper') ? width : 0;
  });
}

describe('useTableFits', () => {
  it('says whether the columns fit in the width the table has, before the first paint', () => {
    withTableWidth(1000);
    const seen: boolean[] = [];
    const { rerender } = render(<Probe minWidth={900} onFits={(f) => seen.push(f)} />);
    expect(seen.at(-1)).toBe(true);
    rerender(<Probe minWidth={1200} onFits={(f) => seen.push(f)} />);
    expect(seen.at(-1)).toBe(false);
  });

  it('a table not laid out (width 0, a hidden kept page) changes nothing', () => {
    withTableWidth(0);
    const seen: boolean[] = [];
    render(<Probe minWidth={1200} onFits={(f) => seen.push(f)} />);
    expect(seen.every((f) => f)).toBe(true);
  });
});
