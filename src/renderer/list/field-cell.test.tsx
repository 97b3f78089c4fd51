import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../schema';
import { fakeRuntime } from '../../engine/testing';
import { fieldCell } from './field-cell';

const resource = {
  name: 'order',
  fields: {
    orderNo: { type: 'string', title: 'order.orderNo' },
    payAmount: { type: 'money', title: 'order.payAmount' },
    quantity: { type: 'integer', title: 'order.quantity' },
    remark: { type: 'string', title: 'order.remark' },
    customerPhone: { type: 'string', title: 'order.customerPhone' },
    address: { type: 'string', title: 'order.address', ellipsis: true },
  },
  list: { api: 'list', columns: ['orderNo'] },
} as unknown as Resource;

const env = { t: (k: string) => k, runtime: fakeRuntime({}).runtime, tags: null, tip: () => {} };
const record = { orderNo: 'SO1', payAmount: '89.00', quantity: 2, remark: null, customerPhone: '135****6233', address: '和平路170号' };
const cell = (also: string[]) => renderToStaticMarkup(<>{fieldCell({ resource, record, name: 'orderNo', also }, env)}</>);

describe('fieldCell also lines', () => {
  it("makes a value's own cell element the line: one element each, the value's class kept", () => {
    const html = cell(['payAmount', 'quantity', 'remark', 'address']);
    expect(html).toBe(
      'SO1' +
        '<span class="cell-also cell-num">¥89.00</span>' +
        '<span class="cell-also cell-num">2</span>' +
        '<span class="cell-also cell-empty">-</span>' +
        '<span class="cell-also cell-ellipsis">和平路170号</span>',
    );
  });

  it('boxes plain text', () => {
    expect(cell(['customerPhone'])).toBe('SO1<span class="cell-also">135****6233</span>');
  });
});
