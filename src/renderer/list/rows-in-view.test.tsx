// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRowsInView } from './rows-in-view';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A body drawing `records` as rows of 100 px, its top at `top` px in a window 900 px high (happy-dom lays nothing out: given). */
function Body({ records, onDraw }: { records: string[]; onDraw: (drawn: string[], spacer: number) => void }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const { upTo, spacer } = useRowsInView(body, records);
  const drawn = records.slice(0, upTo);
  onDraw(drawn, spacer);
  return (
    <table>
      <tbody ref={body}>
        {drawn.map((r) => (
          <tr key={r} data-row-key={r}>
            <td>{r}</td>
          </tr>
        ))}
        {spacer > 0 && (
          <tr>
            <td />
          </tr>
        )}
      </tbody>
    </table>
  );
}

function laidOut(top: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const rows = this.tagName === 'TBODY' ? this.querySelectorAll('tr[data-row-key]').length : 0;
    return { top, height: rows * 100, bottom: top + rows * 100, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
}

const page = (p: number, n = 20) => Array.from({ length: n }, (_, i) => `${p}-${i}`);

describe('useRowsInView', () => {
  it('draws new rows as far as the window shows them first, with a blank of the rest’s height, and the rest after that paint', async () => {
    laidOut(300);
    const draws: [string[], number][] = [];
    const onDraw = (d: string[], s: number) => draws.push([d, s]);
    const { rerender } = render(<Body records={page(1)} onDraw={onDraw} />);
    expect(draws.at(-1)).toEqual([page(1), 0]); // the first draw: everything
    await new Promise((r) => setTimeout(r, 50)); // measured after its paint
    draws.length = 0;
    rerender(<Body records={page(2)} onDraw={onDraw} />);
    // 600 px of window below the body's top: six rows of 100 px, and one more
    expect(draws[0]).toEqual([page(2).slice(0, 7), 1300]);
    await waitFor(() => expect(draws.at(-1)).toEqual([page(2), 0]));
  });

  it('draws everything at once when only rows in the window changed', async () => {
    laidOut(300);
    const draws: [string[], number][] = [];
    const onDraw = (d: string[], s: number) => draws.push([d, s]);
    const { rerender } = render(<Body records={page(1, 20)} onDraw={onDraw} />);
    await new Promise((r) => setTimeout(r, 50));
    draws.length = 0;
    // the first five change (an edited record, say); those below the window stay
    rerender(<Body records={page(1).map((r, i) => (i < 5 ? `new ${r}` : r))} onDraw={onDraw} />);
    expect(draws[0][1]).toBe(0);
    expect(draws[0][0]).toHaveLength(20);
  });

  it('from the bottom of the page: the rows up to the window’s bottom first (50 rows from 20, scrolled to the pager)', async () => {
    laidOut(300);
    const draws: [string[], number][] = [];
    const onDraw = (d: string[], s: number) => draws.push([d, s]);
    const { rerender } = render(<Body records={page(1, 20)} onDraw={onDraw} />);
    await new Promise((r) => setTimeout(r, 50));
    laidOut(-1300); // scrolled down: the body's top 1300 px above the window
    draws.length = 0;
    rerender(<Body records={page(1, 50)} onDraw={onDraw} />);
    // 2200 px from the body's top to the window's bottom: 22 rows, and one more; 27 rows to come
    expect(draws[0]).toEqual([page(1, 50).slice(0, 23), 2700]);
    await waitFor(() => expect(draws.at(-1)).toEqual([page(1, 50), 0]));
  });

  it('draws everything at once before it was laid out on screen, and when few rows would be left', async () => {
    laidOut(300);
    const draws: [string[], number][] = [];
    const onDraw = (d: string[], s: number) => draws.push([d, s]);
    const { rerender } = render(<Body records={page(1, 10)} onDraw={onDraw} />);
    // not measured yet (its paint has not come): a new page draws in full
    rerender(<Body records={page(2, 10)} onDraw={onDraw} />);
    expect(draws.at(-1)).toEqual([page(2, 10), 0]);
    await new Promise((r) => setTimeout(r, 50));
    // seven in the window, three left: not worth a second step
    rerender(<Body records={page(3, 10)} onDraw={onDraw} />);
    expect(draws.at(-1)).toEqual([page(3, 10), 0]);
  });

  it('draws everything at once while its page is hidden, without reading its box (that would lay a kept page out)', async () => {
    laidOut(300);
    const draws: [string[], number][] = [];
    const onDraw = (d: string[], s: number) => draws.push([d, s]);
    const { rerender } = render(<Body records={page(1)} onDraw={onDraw} />);
    await new Promise((r) => setTimeout(r, 50));
    // a kept page left (content-visibility: hidden) or a page drawn ahead (display: none)
    vi.spyOn(HTMLElement.prototype, 'checkVisibility').mockReturnValue(false);
    const box = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    box.mockClear();
    rerender(<Body records={page(2)} onDraw={onDraw} />);
    expect(draws.at(-1)).toEqual([page(2), 0]);
    await new Promise((r) => setTimeout(r, 50));
    expect(box).not.toHaveBeenCalled();
  });
});
