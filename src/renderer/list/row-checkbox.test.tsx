// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Checkbox, ConfigProvider, Table, theme } from 'antd';
import { useContext, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { antdTheme } from '../../shell/i18n/theme';
import { rowCheckbox, rowCheckboxes } from './row-checkbox';

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

type Person = { id: string; name: string };

/** antd's Table with selection, each row's checkbox drawn by `cell`; every selection change is pushed to `seen`. */
function SelectableTable({ rows, seen, cell }: { rows: Person[]; seen: string[][]; cell: (index: number, node: ReactNode) => ReactNode }) {
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
        renderCell: (_c, _r, index, node) => cell(index, node),
      }}
    />
  );
}

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
    const { container } = render(<SelectableTable rows={rows} seen={seen} cell={(_i, node) => rowCheckbox(node, { prefixCls: 'ant-checkbox', hashId: '' })} />);
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

  it('keeps a position’s checkbox while it shows the same, acting for the latest row', () => {
    const boxes = rowCheckboxes({ prefixCls: 'ant-checkbox', hashId: '' });
    const first = vi.fn();
    const second = vi.fn();
    const a = boxes(0, <Checkbox checked={false} onChange={first} />);
    const b = boxes(0, <Checkbox checked={false} onChange={second} />);
    expect(b).toBe(a);
    const { container } = render(<>{b}</>);
    fireEvent.click(container.querySelector('input')!);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    // another state, another position: another element
    expect(boxes(0, <Checkbox checked onChange={second} />)).not.toBe(a);
    expect(boxes(1, <Checkbox checked={false} onChange={second} />)).not.toBe(a);
  });

  it('selects the record a position shows now, after the rows changed under it (a new page)', () => {
    const pages = [
      [
        { id: '914149095951486985', name: '田超' },
        { id: '914149095951486986', name: '李娜' },
      ],
      [
        { id: '914149095951486987', name: '王芳' },
        { id: '914149095951486988', name: '张伟' },
      ],
    ];
    const seen: string[][] = [];
    let turn: (p: number) => void = () => undefined;
    function Paged() {
      const [page, setPage] = useState(0);
      const [boxes] = useState(() => rowCheckboxes({ prefixCls: 'ant-checkbox', hashId: '' }));
      turn = setPage;
      return <SelectableTable rows={pages[page]} seen={seen} cell={boxes} />;
    }
    const { container } = render(<Paged />);
    const rowBoxes = () => [...container.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    act(() => turn(1));
    expect(container.querySelector('tbody')!.textContent).toContain('张伟');
    fireEvent.click(rowBoxes()[1]);
    expect(seen.at(-1)).toEqual(['914149095951486988']);
    expect(rowBoxes().map((b) => b.checked)).toEqual([false, true]);
  });
});
