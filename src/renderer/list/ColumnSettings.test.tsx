// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnState } from '../../engine';
import { messages } from '../testing';
import { ColumnSettings } from './ColumnSettings';

// each line calls useT once as it draws: a count of the lines drawn
const tCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../i18n', async (load) => {
  const real = await load<typeof import('../i18n')>();
  return {
    ...real,
    useT: () => {
      tCalls.n++;
      return real.useT();
    },
  };
});

const columns = [
  { key: 'orderNo', title: '订单编号' },
  { key: 'platform', title: '平台' },
  { key: 'status', title: '订单状态' },
];

async function open(value: Record<string, ColumnState>, onChange = vi.fn()) {
  render(
    <IntlProvider locale="zh-CN" messages={messages}>
      <ColumnSettings columns={columns} value={value} defaults={{ status: { show: false } }} onChange={onChange} />
    </IntlProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: messages['renderer.columns.settings'] }));
  await screen.findByText(messages['renderer.columns.shown']);
  const line = (key: string) => document.querySelector<HTMLElement>(`.column-settings-item[data-column="${key}"]`)!;
  return { onChange, line };
}

describe('ColumnSettings', () => {
  it('lists the columns with their checkboxes; a click hides one, "all" shows every one, reset goes back to the defaults', async () => {
    const { onChange, line } = await open({ status: { show: false } });
    expect([...document.querySelectorAll('.column-settings-item')].map((e) => e.textContent)).toEqual(['订单编号', '平台', '订单状态']);
    expect(line('status').querySelector('input')!.checked).toBe(false);
    const all = document.querySelector<HTMLInputElement>('.column-settings-title input')!;
    expect(all.checked).toBe(false);
    expect(document.querySelector('.column-settings-title .ant-checkbox-indeterminate')).toBeTruthy();

    fireEvent.click(line('platform').querySelector('input')!);
    expect(onChange).toHaveBeenLastCalledWith({ status: { show: false }, platform: { show: false } });
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith({ orderNo: { show: true }, platform: { show: true }, status: { show: true } });
    fireEvent.click(screen.getByText(messages['renderer.reset']));
    expect(onChange).toHaveBeenLastCalledWith({ status: { show: false } });
  });

  it('pins a column from its line and groups the lines by pin', async () => {
    const { onChange, line } = await open({ status: { fixed: 'left' } });
    expect(screen.getByText(messages['renderer.columns.pinnedLeft'])).toBeTruthy();
    expect(screen.getByText(messages['renderer.columns.unpinned'])).toBeTruthy();
    expect(document.querySelector('.column-settings-item')!.getAttribute('data-column')).toBe('status');
    fireEvent.click(line('platform').querySelector(`button[aria-label="${messages['renderer.columns.pinRight']}"]`)!);
    expect(onChange).toHaveBeenLastCalledWith({ status: { fixed: 'left' }, platform: { fixed: 'right' } });
    fireEvent.click(line('status').querySelector(`button[aria-label="${messages['renderer.columns.unpin']}"]`)!);
    expect(onChange).toHaveBeenLastCalledWith({ status: {} });
  });

  it('moves a line dragged onto another (above or below its middle)', async () => {
    const { onChange, line } = await open({});
    const data = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(line('status'), { dataTransfer: data });
    // happy-dom lays nothing out: the line's box is 0 high, so any point below its top is "after"
    fireEvent.dragOver(line('orderNo'), { clientY: -1, dataTransfer: data });
    await waitFor(() => expect(line('orderNo').className).toContain('column-settings-drop-before'));
    fireEvent.drop(line('orderNo'), { dataTransfer: data });
    const next = onChange.mock.lastCall![0] as Record<string, ColumnState>;
    expect(Object.keys(next).sort((a, b) => next[a].order! - next[b].order!)).toEqual(['status', 'orderNo', 'platform']);
  });

  it('moves a line only within its pin group (the pin, not the order, decides the group)', async () => {
    const { onChange, line } = await open({ status: { fixed: 'left' } });
    const data = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(line('platform'), { dataTransfer: data });
    fireEvent.dragOver(line('status'), { clientY: -1, dataTransfer: data });
    fireEvent.drop(line('status'), { dataTransfer: data });
    expect(line('status').className).not.toContain('column-settings-drop');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws again only the line a click changes (the panel and that line, not the others)', async () => {
    function Held() {
      const [value, setValue] = useState<Record<string, ColumnState>>({});
      return <ColumnSettings columns={columns} value={value} defaults={{}} onChange={setValue} />;
    }
    render(
      <IntlProvider locale="zh-CN" messages={messages}>
        <Held />
      </IntlProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: messages['renderer.columns.settings'] }));
    await screen.findByText(messages['renderer.columns.shown']);
    const line = (key: string) => document.querySelector<HTMLElement>(`.column-settings-item[data-column="${key}"]`)!;
    tCalls.n = 0;
    fireEvent.click(line('platform').querySelector('input')!);
    expect(line('platform').querySelector('input')!.checked).toBe(false);
    expect(line('orderNo').querySelector('input')!.checked).toBe(true);
    // ColumnSettings itself and the platform line
    expect(tCalls.n).toBe(2);
    // its handlers act on the latest value: a second click hides another and keeps the first hidden
    fireEvent.click(line('status').querySelector('input')!);
    expect([...document.querySelectorAll<HTMLInputElement>('.column-settings-item input')].map((i) => i.checked)).toEqual([true, false, false]);
  });
});
