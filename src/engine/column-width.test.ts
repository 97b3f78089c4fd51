import { describe, expect, it } from 'vitest';
import { columnWidth, fieldColumnWidths, titleInTwoLinesWidth } from './column-width';

describe('titleInTwoLinesWidth', () => {
  const measure = (s: string) => s.length * 10;
  it('is the narrowest width that holds the title on two lines, broken between words', () => {
    // "Without a matching" (18) over "product" (7) is wider than "Without a" (9) over "matching product" (16)
    expect(titleInTwoLinesWidth('Without a matching product', { measure, padding: 8 })).toBe(160 + 2 + 16);
  });
  it('is the whole title for one word or a title that cannot be broken', () => {
    expect(titleInTwoLinesWidth('Operator', { measure, padding: 8 })).toBe(80 + 2 + 16);
    expect(titleInTwoLinesWidth('导入时间', { measure, padding: 8 })).toBe(40 + 2 + 16);
  });
});

describe('fieldColumnWidths', () => {
  const measure = (s: string) => s.length * 10;
  const app = {
    enums: {
      auditStatus: {
        values: [
          { value: 'pending', label: 'enum.pending' },
          { value: 'rejected', label: 'enum.rejected' },
        ],
      },
    },
  };
  const t = (k: string) =>
    ({ 'f.status': 'Audit', 'f.open': 'Open', 'enum.pending': 'Pending review', 'enum.rejected': 'Rejected', 'renderer.yes': 'Yes', 'renderer.no': 'No' })[k] ??
    k;
  const resource = { name: 'store', fields: {} } as unknown as Parameters<typeof fieldColumnWidths>[1];
  it('sizes each field as columnWidth does, with its translated title and value labels', () => {
    const fields = {
      status: { type: 'enum', enum: 'auditStatus', title: 'f.status' },
      open: { type: 'boolean', title: 'f.open' },
    } as Parameters<typeof fieldColumnWidths>[2];
    const ctx = { measure, locale: 'en-US', padding: 8 };
    const widths = fieldColumnWidths(app as never, resource, fields, t, ctx);
    expect(widths).toEqual({
      status: columnWidth(fields.status, 'Audit', { ...ctx, labels: ['Pending review', 'Rejected'] }),
      open: columnWidth(fields.open, 'Open', { ...ctx, labels: ['Yes', 'No'] }),
    });
    // the widest label as a tag ("Pending review": 140 px) is what sets the enum column
    expect(widths.status).toBeGreaterThan(140 + 16);
  });
});

describe('identifier columns', () => {
  const measure = (s: string) => s.length * 8;
  const ctx = { measure, locale: 'zh-CN', padding: 8 };
  it('hold a 20-character number on one line: a read-only copyable text, or one whose pattern has no space', () => {
    const orderNo = { type: 'string', title: 'x', readOnly: true, copyable: true } as const;
    // 20 characters, the copy button and the padding (a plain text column holds five characters)
    expect(columnWidth(orderNo, '订单号', ctx)).toBe(20 * 8 + 22 + 16);
    const tracking = { type: 'string', title: 'x', pattern: '^[A-Za-z0-9]+$', maxLength: 32 } as const;
    expect(columnWidth(tracking, '运单号', ctx)).toBe(20 * 8 + 16);
    // on a phone an identifier wraps like other text, so the key columns fit side by side
    expect(columnWidth(orderNo, '订单号', { ...ctx, narrow: true })).toBe(5 * 14 + 22 + 16);
    const shortCode = { type: 'string', title: 'x', pattern: '^[A-Z]+$', maxLength: 6 } as const;
    expect(columnWidth(shortCode, 'Code', ctx)).toBe(6 * 8 + 16);
  });
  it('leave names and words to wrap: a copyable name, a pattern that admits spaces', () => {
    const name = { type: 'string', title: 'x', copyable: true, maxLength: 50 } as const;
    expect(columnWidth(name, '名称', ctx)).toBe(5 * 14 + 22 + 16);
    const spaced = { type: 'string', title: 'x', pattern: '^[\\w\\s]+$' } as const;
    expect(columnWidth(spaced, '名称', ctx)).toBe(5 * 14 + 16);
  });
});
