// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Checkbox, ConfigProvider, Table, theme } from 'antd';
import { useContext, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { antdTheme } from '../../shell/i18n/theme';
import { rowCheckbox } from './row-checkbox';

afterEach(cleanup);

/** antd's own Checkbox and ours side by side, with the same props and the theme's classes. */
function Both(props: { checked?: boolean; disabled?: boolean; indeterminate?: boolean }) {
  const { hashId } = theme.useToken();
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox');
  return (
    <>
      <div id="antd">
        <Checkbox {...props} />
      </div>
      <div id="ours">{rowCheckbox(<Checkbox {...props} />, { prefixCls, hashId })}</div>
    </>
  );
}

const html = (id: string) => document.getElementById(id)!.innerHTML;

describe('rowCheckbox', () => {
  it.each([{}, { checked: true }, { disabled: true }, { checked: true, disabled: true }, { indeterminate: true }])(
    'draws what antd’s Checkbox draws (%o)',
    (props) => {
      // under the console's own theme: a theme setting that changes antd's classes shows here
      render(
        <ConfigProvider theme={antdTheme}>
          <Both {...props} />
        </ConfigProvider>,
      );
      expect(html('ours')).toBe(html('antd'));
      expect(html('ours')).toContain('ant-checkbox-input');
    },
  );

  it('hands a change to antd’s handler with the checked state and the native event (shift-click ranges)', () => {
    const onChange = vi.fn();
    const onClick = vi.fn();
    const { container } = render(
      <>{rowCheckbox(<Checkbox checked={false} onChange={onChange} onClick={onClick} />, { prefixCls: 'ant-checkbox', hashId: '' })}</>,
    );
    fireEvent.click(container.querySelector('input')!, { shiftKey: true });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].target.checked).toBe(true);
    expect(onChange.mock.calls[0][0].nativeEvent.shiftKey).toBe(true);
  });

  it('selects rows through antd’s Table selection: one row, then all, then none', () => {
    const rows = [
      { id: '914149095951486985', name: '田超' },
      { id: '914149095951486986', name: '李娜' },
    ];
    const seen: string[][] = [];
    function Selectable() {
      const [keys, setKeys] = useState<string[]>([]);
      return (
        <Table
          rowKey="id"
          dataSource={rows}
          columns={[{ key: 'name', dataIndex: 'name', title: '姓名' }]}
          pagination={false}
          rowSelection={{
            selectedRowKeys: keys,
            onChange: (k) => {
              seen.push(k.map(String));
              setKeys(k.map(String));
            },
            renderCell: (_c, _r, _i, node) => rowCheckbox(node, { prefixCls: 'ant-checkbox', hashId: '' }),
          }}
        />
      );
    }
    const { container } = render(<Selectable />);
    const rowBoxes = () => [...container.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    fireEvent.click(rowBoxes()[1]);
    expect(seen.at(-1)).toEqual(['914149095951486986']);
    expect(rowBoxes().map((b) => b.checked)).toEqual([false, true]);
    expect(container.querySelectorAll('tbody .ant-checkbox-wrapper-checked')).toHaveLength(1);
    // the header's select-all is antd's own and sees the rows' state
    fireEvent.click(container.querySelector('thead input[type=checkbox]')!);
    expect(seen.at(-1)).toEqual(['914149095951486986', '914149095951486985']);
    expect(rowBoxes().map((b) => b.checked)).toEqual([true, true]);
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(rowBoxes()[1]);
    expect(seen.at(-1)).toEqual([]);
  });
});
