// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FIELD_TYPES, type Field, type FieldType, type Resource } from '../../schema';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { messages } from '../testing';
import { CellView, fieldTypes, useCellEnv, type FieldTypeRenderer } from '.';
import { displayValue } from './cell-env';

describe('field-type registry', () => {
  it('covers every FieldType (checked by the compiler, and here at run time)', () => {
    expectTypeOf(fieldTypes).toExtend<Record<FieldType, FieldTypeRenderer>>();
    const { ref: _ref, ...withoutRef } = fieldTypes;
    // @ts-expect-error a registry without a renderer for "ref" is not a Record<FieldType, …>
    const incomplete: Record<FieldType, FieldTypeRenderer> = withoutRef;
    expect(Object.keys(incomplete)).not.toContain('ref');
    for (const t of FIELD_TYPES) {
      const r = fieldTypes[t];
      expect([r.cell, r.Display, r.SearchControl, r.FormControl].every(Boolean), t).toBe(true);
    }
  });
});

const res: Resource = {
  name: 'demo',
  enums: {
    level: {
      values: [
        { value: 1, label: 'renderer.yes', color: 'gold' },
        { value: 2, label: 'renderer.no' },
      ],
    },
  },
  fields: {},
};

function cell(field: Field, value: unknown, record: Record<string, unknown> = {}) {
  const rt = fakeRuntime({ '/dict/store': () => [{ value: '5', label: '朝阳旗舰店' }] });
  return render(
    <IntlProvider locale="zh-CN" messages={messages}>
      <RuntimeProvider value={rt.runtime}>
        <div data-testid="cell">
          <CellView name="x" field={field} resource={res} value={value} record={record} />
        </div>
      </RuntimeProvider>
    </IntlProvider>,
  );
}
const text = () => screen.getByTestId('cell').textContent;

describe('table cells', () => {
  it('money: exact decimal string with currency and grouping', () => {
    cell({ type: 'money', title: 'x.y' }, '12345678901.5');
    expect(text()).toBe('¥12,345,678,901.50');
  });
  it('bigint: the exact digits', () => {
    cell({ type: 'bigint', title: 'x.y' }, '1876543210987654321');
    expect(text()).toBe('1876543210987654321');
  });
  it('phone: masked only when the field says so', () => {
    cell({ type: 'phone', title: 'x.y', mask: true }, '13812341234');
    expect(text()).toBe('138****1234');
  });
  it('enum multiple: one tag per value with its label', () => {
    cell({ type: 'enum', title: 'x.y', enum: 'level', multiple: true }, [1, 2]);
    expect([...screen.getByTestId('cell').querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['是', '否']);
  });
  it('boolean and empty values', () => {
    cell({ type: 'boolean', title: 'x.y' }, false);
    expect(text()).toBe('否');
  });
  it('empty: a dash', () => {
    cell({ type: 'string', title: 'x.y' }, null);
    expect(text()).toBe('-');
  });
  it('region: names from the division data, loaded lazily', async () => {
    cell({ type: 'region', title: 'x.y' }, ['440000', '440300', '440305']);
    await waitFor(() => expect(text()).toBe('广东省 / 深圳市 / 南山区'));
  });
  it('dict: the record label if sent, else a lookup', async () => {
    cell({ type: 'dict', title: 'x.y', dict: 'store' }, '5');
    await waitFor(() => expect(text()).toBe('朝阳旗舰店'));
  });
  it('image: thumbnails served by key', () => {
    cell({ type: 'image', title: 'x.y' }, 'f'.repeat(32));
    expect(screen.getByTestId('cell').querySelector('img')?.getAttribute('src')).toBe(`/api/public/file?key=${'f'.repeat(32)}`);
  });
  it('date and datetime by locale', () => {
    cell({ type: 'datetime', title: 'x.y' }, '2026-03-01T08:30:00');
    expect(text()).toBe('2026-03-01 08:30:00');
  });
  it('plain text: the value in a plain element, no antd Typography per cell', () => {
    cell({ type: 'string', title: 'x.y' }, '张三');
    expect(text()).toBe('张三');
    expect(screen.getByTestId('cell').querySelector('.ant-typography')).toBeNull();
  });
  it("copyable: a copy button at once, antd's copy (tooltip, copied state) once the pointer is on the cell", async () => {
    cell({ type: 'string', title: 'x.y', copyable: true }, 'SO1876543210987654321');
    const box = screen.getByTestId('cell');
    expect(box.textContent).toBe('SO1876543210987654321');
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy();
    expect(box.querySelector('.ant-typography-copy')).toBeNull();
    fireEvent.pointerEnter(box.firstElementChild!);
    await waitFor(() => expect(box.querySelector('.ant-typography-copy')).not.toBeNull());
    expect(box.textContent).toBe('SO1876543210987654321');
  });
  it('copyable: a click before antd is mounted copies the exact text', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (s: string) => void copied.push(s) }, configurable: true });
    cell({ type: 'string', title: 'x.y', copyable: true }, 'SO1876543210987654321');
    const box = screen.getByTestId('cell');
    fireEvent.pointerEnter(box.firstElementChild!);
    fireEvent.pointerDown(screen.getByRole('button', { name: '复制' }));
    await new Promise((r) => setTimeout(r, 200));
    // the press kept the button in place, so its click lands
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(copied).toEqual(['SO1876543210987654321']);
    await waitFor(() => expect(box.querySelector('.ant-typography-copy')).not.toBeNull());
  });
});

describe('dict select in an edit form', () => {
  let rt = fakeRuntime({});
  // `dict`: another dictionary than the other tests' (options are cached per source)
  function control(value: unknown, record: Record<string, unknown>, dict = 'store') {
    rt = fakeRuntime({ [`/dict/${dict}`]: () => [{ value: '5', label: '朝阳旗舰店' }] });
    const { FormControl } = fieldTypes.dict;
    return render(
      <IntlProvider locale="zh-CN" messages={messages}>
        <RuntimeProvider value={rt.runtime}>
          <div data-testid="control">
            <FormControl name="storeId" field={{ type: 'dict', title: 'x.y', dict }} resource={res} value={value} record={record} mode="form" />
          </div>
        </RuntimeProvider>
      </IntlProvider>,
    );
  }
  const shown = () => screen.getByTestId('control').querySelector('.ant-select-selection-item')?.textContent;

  it('shows the record’s store by name when it is not among the options loaded', async () => {
    control('77', { storeId: '77', storeName: '远郊五号店' });
    await waitFor(() => expect(shown()).toBe('远郊五号店'));
  });
  it('a value among the options shows the option’s label', async () => {
    control('5', { storeId: '5' });
    await waitFor(() => expect(shown()).toBe('朝阳旗舰店'));
  });
  it('asks for its options only when used, or when it must name its value', async () => {
    control(undefined, {}, 'shop');
    await new Promise((r) => setTimeout(r, 50));
    expect(rt.calls).toHaveLength(0);
    fireEvent.focus(screen.getByTestId('control').querySelector('input')!);
    await waitFor(() => expect(rt.calls.map((c) => c.path)).toEqual(['/dict/shop']));
    cleanup();
    control('77', { storeId: '77', storeName: '远郊五号店' }, 'user');
    await new Promise((r) => setTimeout(r, 50));
    expect(rt.calls, 'the record names it').toHaveLength(0);
  });
});

describe('detail values (displayValue)', () => {
  function Both({ field, value }: { field: Field; value: unknown }) {
    const env = useCellEnv();
    const { Display } = fieldTypes[field.type];
    const p = { name: 'x', field, resource: res, value, record: {} };
    return (
      <>
        <div data-testid="component">
          <Display {...p} />
        </div>
        <div data-testid="call">{displayValue(Display, p, env)}</div>
      </>
    );
  }
  it.each<[Field, unknown]>([
    [{ type: 'money', title: 'x.y' }, '1234.5'],
    [{ type: 'integer', title: 'x.y' }, 42],
    [{ type: 'string', title: 'x.y', ellipsis: true }, '很长的地址'],
    [{ type: 'string', title: 'x.y' }, null],
    [{ type: 'text', title: 'x.y' }, '多行\n备注'],
    [{ type: 'bigint', title: 'x.y', copyable: true }, '1876543210987654321'],
    [{ type: 'phone', title: 'x.y', mask: true }, '13812341234'],
    [{ type: 'boolean', title: 'x.y' }, true],
    [{ type: 'enum', title: 'x.y', enum: 'level' }, 1],
    [{ type: 'datetime', title: 'x.y' }, '2026-03-01T08:30:00'],
  ])('%o: the same markup as the type’s Display component', (field, value) => {
    const rt = fakeRuntime({});
    render(
      <IntlProvider locale="zh-CN" messages={messages}>
        <RuntimeProvider value={rt.runtime}>
          <Both field={field} value={value} />
        </RuntimeProvider>
      </IntlProvider>,
    );
    const html = screen.getByTestId('component').innerHTML;
    expect(html).not.toBe('');
    expect(screen.getByTestId('call').innerHTML).toBe(html);
    cleanup();
  });
});
