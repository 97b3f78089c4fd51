import { describe, expect, it } from 'vitest';
import type { CSSObject } from '@ant-design/cssinjs';
import { extractAntdCss } from '../../../scripts/antd-css/extract';
import { boxSizingOnce } from './box-sizing';

describe('boxSizingOnce', () => {
  it('drops rules that set only border-box, nested or not, and keeps the rest', () => {
    const root: CSSObject = {
      '[class^="ant-table"], [class*=" ant-table"]': { fontSize: 14, boxSizing: 'border-box' },
      '&, *': { boxSizing: 'border-box' },
      '&::before, &::after': { boxSizing: 'border-box' },
      '[class^="ant-x"], [class*=" ant-x"]': { boxSizing: 'border-box', '&::before, &::after': { boxSizing: 'border-box' } },
      '.ant-arrow': { boxSizing: 'content-box' },
      '.ant-mixed': { boxSizing: 'border-box', color: 'red' },
      boxSizing: 'border-box',
    };
    expect(boxSizingOnce.visit!(root)).toEqual({
      '[class^="ant-table"], [class*=" ant-table"]': { fontSize: 14, boxSizing: 'border-box' },
      '.ant-arrow': { boxSizing: 'content-box' },
      '.ant-mixed': { boxSizing: 'border-box', color: 'red' },
      boxSizing: 'border-box',
    });
  });

  it('hands back the same object when nothing is dropped', () => {
    const obj: CSSObject = { '.a': { color: 'red' } };
    expect(boxSizingOnce.visit!(obj)).toBe(obj);
  });

  it("leaves no descendant reset in the build's antd stylesheet, and keeps the components' own rules", () => {
    const css = extractAntdCss();
    expect(css).not.toMatch(/\[class\^="ant-[\w-]+"\] \[class/);
    expect(css).not.toMatch(/\.ant-layout \*/);
    expect(css).toMatch(/\[class\^="ant-table"\],:where\(\.css-[\w-]+\)\[class\*=" ant-table"\]\{font-family/);
    expect(css).toMatch(/\.ant-table-wrapper \.ant-table-cell/);
  });
});
