// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, Tag } from 'antd';
import { useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { antdTheme } from '../../shell/i18n/theme';
import { StaticTagContext, StaticTagProvider, tagOf } from './static-tag';

afterEach(cleanup);

function Ours({ color, label }: { color?: string; label: string }) {
  return <>{tagOf(useContext(StaticTagContext), color, label)}</>;
}

/** antd's borderless Tag and ours side by side, under the same ConfigProvider. */
function Both({ color, config }: { color?: string; config?: Parameters<typeof ConfigProvider>[0] }) {
  return (
    // the console's own theme: a theme setting that changes antd's classes shows here
    <ConfigProvider theme={antdTheme} {...config}>
      <div id="antd">
        <Tag color={color} bordered={false}>
          服务中
        </Tag>
      </div>
      <StaticTagProvider>
        <div id="ours">
          <Ours color={color} label="服务中" />
        </div>
      </StaticTagProvider>
    </ConfigProvider>
  );
}

const html = (id: string) => document.getElementById(id)!.innerHTML;

describe('tagOf', () => {
  it.each([undefined, 'default', 'success', 'processing', 'error', 'warning', 'cyan', 'red', 'gold-inverse', '#f50', 'rgb(16, 142, 233)'])(
    'draws what antd’s borderless Tag draws (colour %s)',
    (color) => {
      render(<Both color={color} />);
      expect(html('ours')).toBe(html('antd'));
      expect(html('ours')).toContain('服务中');
    },
  );

  it('follows ConfigProvider’s tag settings and direction as antd’s Tag does', () => {
    render(<Both color="#f50" config={{ direction: 'rtl', tag: { className: 'console-tag', style: { fontWeight: 500 } } }} />);
    expect(html('ours')).toBe(html('antd'));
    expect(html('ours')).toContain('console-tag');
  });

  it('draws antd’s own Tag outside a provider', () => {
    const { container } = render(<Ours color="success" label="是" />);
    expect(container.innerHTML).toBe(
      render(
        <Tag color="success" bordered={false}>
          是
        </Tag>,
      ).container.innerHTML,
    );
  });
});
