import { describe, expect, it } from 'vitest';
import { movedColumn, orderedColumns, pinOf, pinnedColumn, shownAll, shownColumn } from './column-settings-state';

const cols = [
  { key: 'orderNo', title: '订单编号', fixed: 'left' as const },
  { key: 'platform', title: '平台' },
  { key: 'status', title: '订单状态' },
  { key: 'operation', title: '操作', fixed: 'right' as const },
];
const keys = (v: Parameters<typeof orderedColumns>[1]) => orderedColumns(cols, v).map((c) => `${c.key}:${c.pin}`);

describe('column settings state', () => {
  it("orders lines as the table does: pinned left, the rest by the user's order (else the schema's), pinned right", () => {
    expect(keys({})).toEqual(['orderNo:left', 'platform:none', 'status:none', 'operation:right']);
    expect(keys({ status: { fixed: 'left' } })).toEqual(['orderNo:left', 'status:left', 'platform:none', 'operation:right']);
    expect(keys({ status: { order: 0 }, platform: { order: 1 } })).toEqual(['orderNo:left', 'status:none', 'platform:none', 'operation:right']);
  });

  it("takes a column's own pin only while it has no state (as ProTable does)", () => {
    expect(pinOf(cols[0], {})).toBe('left');
    expect(pinOf(cols[0], { orderNo: { show: true } })).toBe('none');
    expect(pinOf(cols[1], { platform: { fixed: 'right' } })).toBe('right');
  });

  it('moves a line before or after another, numbering every line', () => {
    const order = ['orderNo', 'platform', 'status', 'operation'];
    const after = movedColumn(order, { status: { show: false } }, 'orderNo', 'status', true);
    expect(
      Object.entries(after)
        .sort((a, b) => a[1].order! - b[1].order!)
        .map(([k]) => k),
    ).toEqual(['platform', 'status', 'orderNo', 'operation']);
    expect(after.status).toEqual({ show: false, order: 1 });
    const before = movedColumn(order, {}, 'status', 'orderNo', false);
    expect(before.status.order).toBe(0);
    expect(before.orderNo.order).toBe(1);
    expect(movedColumn(order, {}, 'status', 'nowhere', false)).toEqual({});
  });

  it('pins and unpins, keeping the rest of the state', () => {
    expect(pinnedColumn({ platform: { show: false } }, 'platform', 'left')).toEqual({ platform: { show: false, fixed: 'left' } });
    expect(pinnedColumn({ orderNo: { fixed: 'left', order: 2 } }, 'orderNo', 'none')).toEqual({ orderNo: { order: 2 } });
  });

  it('shows or hides one column, or all of them', () => {
    expect(shownColumn({ platform: { order: 3 } }, 'platform', false)).toEqual({ platform: { order: 3, show: false } });
    const none = shownAll(cols, { platform: { fixed: 'left' } }, false);
    expect(Object.values(none).every((s) => s.show === false)).toBe(true);
    expect(none.platform.fixed).toBe('left');
  });
});
