// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, Descriptions } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { antdTheme } from '../../shell/i18n/theme';
import { leanDescriptions, rowsOf, useDescriptionsClasses, type LeanItem } from './lean-descriptions';

afterEach(cleanup);

const CONTENT = { minWidth: 0 };

function Ours({ items, column, title }: { items: LeanItem[]; column: number; title?: string }) {
  const cls = useDescriptionsClasses();
  return <>{leanDescriptions(cls, { className: 'ant-pro-descriptions', title, column, style: { marginBottom: 16 }, contentStyle: CONTENT, items })}</>;
}

/** antd's Descriptions and ours side by side, under the console's theme. */
function Both({ items, column, title, config }: { items: LeanItem[]; column: number; title?: string; config?: Parameters<typeof ConfigProvider>[0] }) {
  return (
    <ConfigProvider theme={antdTheme} {...config}>
      <div id="antd">
        <Descriptions className="ant-pro-descriptions" title={title} column={column} style={{ marginBottom: 16 }} contentStyle={CONTENT} items={items} />
      </div>
      <div id="ours">
        <Ours items={items} column={column} title={title} />
      </div>
    </ConfigProvider>
  );
}

const html = (id: string) => document.getElementById(id)!.innerHTML;
const item = (key: string, span = 1, children: React.ReactNode = `v-${key}`): LeanItem => ({ key, label: `l-${key}`, children, span });

describe('leanDescriptions', () => {
  it.each([
    ['two columns, an odd count (the last spans the row)', 2, [item('a'), item('b'), item('c')]],
    ['a full-width text between', 2, [item('a'), item('b', 2), item('c'), item('d')]],
    ['a wide item where one column is left (cut to the row)', 2, [item('a'), item('b', 2), item('c')]],
    ['three columns', 3, [item('a'), item('b'), item('c'), item('d'), item('e')]],
    ['one column, elements as values', 1, [item('a', 1, <b>x</b>), item('b', 1, '-')]],
  ])('draws what antd’s Descriptions draws: %s', (_, column, items) => {
    render(<Both items={items} column={column} title="基本信息" />);
    expect(html('ours')).toBe(html('antd'));
    expect(html('ours')).toContain('ant-descriptions-item-content');
  });

  it('draws no header without a title, and follows ConfigProvider (rtl, descriptions className and style)', () => {
    render(<Both items={[item('a'), item('b')]} column={2} config={{ direction: 'rtl', descriptions: { className: 'cfg', style: { color: 'red' } } }} />);
    expect(html('ours')).toBe(html('antd'));
    expect(html('ours')).toContain('ant-descriptions-rtl');
    expect(html('ours')).not.toContain('ant-descriptions-header');
  });

  it('lays items out in rows as antd does', () => {
    const spans = (rows: LeanItem[][]) => rows.map((r) => r.map((i) => `${i.key}${i.span}`).join(' '));
    expect(spans(rowsOf([item('a'), item('b'), item('c')], 2))).toEqual(['a1 b1', 'c2']);
    expect(spans(rowsOf([item('a'), item('b', 2), item('c')], 2))).toEqual(['a1 b1', 'c2']);
    expect(spans(rowsOf([item('a', 2), item('b')], 2))).toEqual(['a2', 'b2']);
  });
});
