import { describe, expect, it } from 'vitest';
import type { ProColumns } from '@ant-design/pro-components';
import type { Row } from '../../engine';
import { directCellRenders, withDirectCells } from './direct-cells';

describe('direct cells', () => {
  const ours = (_: unknown, r: Row) => `name:${String(r.name)}`;
  const columns: ProColumns<Row>[] = [
    { key: 'name', dataIndex: 'name', render: ours },
    { key: 'search:name', dataIndex: 'name', hideInTable: true, renderFormItem: () => null },
    { key: 'plain', dataIndex: 'plain' },
  ];

  it("hands the table each column's own render in place of ProTable's wrapper, by key", () => {
    const renders = directCellRenders(columns);
    expect([...renders.keys()]).toEqual(['name']);
    const wrapped = () => 'ProTable';
    const selection = { key: 'selection', render: () => 'box' };
    const props = {
      size: 'middle',
      columns: [selection, { key: 'name', dataIndex: 'name', width: 120, render: wrapped }, { key: 'plain', dataIndex: 'plain' }],
    };
    const out = withDirectCells(props, renders) as { size: string; columns: { key: string; width?: number; render?: (...a: unknown[]) => unknown }[] };
    expect(out.size).toBe('middle');
    // what ProTable worked out for the column stays (its width, say); only the render is ours
    expect(out.columns[1].width).toBe(120);
    expect(out.columns[1].render!(undefined, { name: 'a' }, 0)).toBe('name:a');
    // columns that are not the schema's (selection) or have no render keep ProTable's
    expect(out.columns[0]).toBe(selection);
    expect(out.columns[2].render).toBeUndefined();
  });

  it('leaves props without columns as they are', () => {
    const props = { size: 'small' };
    expect(withDirectCells(props, directCellRenders(columns))).toBe(props);
  });
});
