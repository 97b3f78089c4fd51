import { describe, expect, it } from 'vitest';
import { titleInTwoLinesWidth } from './column-width';

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
