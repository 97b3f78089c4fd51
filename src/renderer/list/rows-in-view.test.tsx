// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { Table } from 'antd';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeanRow } from './lean-row';
import { MIN_ROW_PX, SPARE_ROWS, rowsToFill } from './rows-in-view';
import { RowsByPosition } from './StableTable';

type Row = { id: string; name: string };

const rowsOf = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: String(from + i + 1), name: `客户${from + i + 1}` }));

const VIEW = 900;
const ROW_PX = 50;
/** The table body's top on screen, as the layout would put it (happy-dom lays nothing out). */
let bodyTop = 300;

function box(top: number, height: number): DOMRect {
  return { top, bottom: top + height, height, width: 800, left: 0, right: 800, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
}

beforeEach(() => {
  bodyTop = 300;
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(VIEW);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.tagName === 'TBODY') return box(bodyTop, this.querySelectorAll(':scope > tr').length * ROW_PX);
    if (this.tagName === 'TR' && this.parentElement) {
      const i = [...this.parentElement.children].indexOf(this);
      return box(bodyTop + i * ROW_PX, ROW_PX);
    }
    return box(0, 0);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function List({ rows }: { rows: Row[] }) {
  return (
    <Table<Row>
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[{ key: 'name', dataIndex: 'name', title: '客户' }]}
      components={{ header: { row: LeanRow }, body: { wrapper: RowsByPosition, row: LeanRow } }}
    />
  );
}

const drawn = (c: ParentNode) => c.querySelectorAll('tbody tr[data-row-key]').length;

/** The rows in the page at each commit of the list. */
const commits: number[] = [];
function Counted({ rows }: { rows: Row[] }) {
  return (
    <Profiler id="list" onRender={() => commits.push(drawn(document))}>
      <List rows={rows} />
    </Profiler>
  );
}

describe('rows drawn in the render that brings them', () => {
  it('draws a list mounting with all its rows at once', () => {
    const { container } = render(<List rows={rowsOf(50)} />);
    expect(drawn(container)).toBe(50);
  });

  it("draws the new rows that land on screen in the answer's commit and those below the window right after", () => {
    const { container, rerender } = render(<Counted rows={rowsOf(20)} />);
    commits.length = 0;
    // the 20 rows end at 300 + 20 × 50 = 1300 px, below the 900 px window: only the spare rows at once
    act(() => rerender(<Counted rows={rowsOf(50)} />));
    expect(commits).toEqual([20 + SPARE_ROWS, 50]);
    expect([...container.querySelectorAll('tbody tr[data-row-key]')].map((r) => r.textContent)).toEqual(rowsOf(50).map((r) => r.name));
  });

  it('draws as many rows as fill the window below the rows shown before', () => {
    bodyTop = 100;
    const { rerender } = render(<Counted rows={rowsOf(3)} />);
    commits.length = 0;
    act(() => rerender(<Counted rows={rowsOf(40)} />));
    // three rows end at 250 px: (900 − 250) / MIN_ROW_PX rows fill the window, and the spare ones
    const atOnce = 3 + Math.ceil((VIEW - 250) / MIN_ROW_PX) + SPARE_ROWS;
    expect(atOnce).toBeLessThan(40);
    expect(commits).toEqual([atOnce, 40]);
  });

  it('draws fewer rows, or as many, in one commit', () => {
    const { rerender } = render(<Counted rows={rowsOf(50)} />);
    commits.length = 0;
    act(() => rerender(<Counted rows={rowsOf(20, 100)} />));
    act(() => rerender(<Counted rows={rowsOf(20, 200)} />));
    expect(commits).toEqual([20, 20]);
  });
});

describe('rowsToFill', () => {
  it('counts the rows between the last row drawn and the window bottom, plus the spare ones', () => {
    const body = document.createElement('tbody');
    document.body.appendChild(document.createElement('table')).appendChild(body);
    for (const id of ['1', '2']) body.appendChild(document.createElement('tr')).setAttribute('data-row-key', id);
    expect(rowsToFill(body, VIEW)).toBe(Math.ceil((VIEW - 400) / MIN_ROW_PX) + SPARE_ROWS);
    bodyTop = 2000;
    expect(rowsToFill(body, VIEW)).toBe(SPARE_ROWS);
  });

  it('cannot tell for a body outside the page or on a hidden page: all rows at once', () => {
    const loose = document.createElement('tbody');
    expect(rowsToFill(loose, VIEW)).toBe(Infinity);
    const hidden = document.body.appendChild(document.createElement('div'));
    hidden.setAttribute('aria-hidden', 'true');
    const body = hidden.appendChild(document.createElement('table')).appendChild(document.createElement('tbody'));
    expect(rowsToFill(body, VIEW)).toBe(Infinity);
  });
});
