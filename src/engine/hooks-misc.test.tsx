// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { ApiError, RuntimeProvider, type RuntimeUser } from './runtime';
import { fakeRuntime, type Handler } from './testing';
import { useSwitch } from './use-switch';
import { columnSettingsKey, useColumnSettings } from './use-column-settings';
import { detailCalls, useDetail } from './use-detail';
import orderJson from '../../schemas/order.json';
import { clearOptionCache } from './options';
import { useOptionLabel, useOptions } from './use-options';

const staff = staffJson as unknown as Resource;

function wrap(handlers: Record<string, Handler>, user?: RuntimeUser) {
  const rt = fakeRuntime(handlers, user);
  const wrapper = ({ children }: { children: ReactNode }) => <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>;
  return { rt, wrapper };
}

const res: Resource = {
  name: 'o',
  fields: { autoAssign: { type: 'boolean', title: 'o.autoAssign' } },
  api: {
    config: { method: 'GET', path: '/o/config', result: 'config' },
    sw: { method: 'POST', path: '/o/sw', input: { fields: ['autoAssign'] }, result: 'config' },
  },
};

describe('useSwitch', () => {
  it('reads the config and writes the new value', async () => {
    const { rt, wrapper } = wrap({ '/o/config': () => ({ autoAssign: true }), '/o/sw': (i) => ({ autoAssign: i.autoAssign }) });
    const { result } = renderHook(() => useSwitch(res, { switch: 'autoAssign', get: 'config', set: 'sw' }), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.value).toBe(true);
    await act(async () => {
      expect(await result.current.set(false)).toBe(true);
    });
    expect(rt.calls[1].input).toEqual({ autoAssign: false });
    expect(result.current.value).toBe(false);
  });
  it("shows the entry's early answer in its first render, and does not ask again", () => {
    const { rt, wrapper } = wrap({ '/o/config': () => ({ autoAssign: false }) });
    let taken = 0;
    rt.runtime.arrived = (binding) =>
      binding.path === '/o/config' ? { data: { autoAssign: true }, take: () => void taken++, askedAt: 0, answeredAt: 1 } : undefined;
    const renders: { value: boolean; loading: boolean }[] = [];
    const { result } = renderHook(
      () => {
        const sw = useSwitch(res, { switch: 'autoAssign', get: 'config', set: 'sw' });
        renders.push({ value: sw.value, loading: sw.loading });
        return sw;
      },
      { wrapper },
    );
    expect(renders[0]).toEqual({ value: true, loading: false });
    expect(result.current).toMatchObject({ value: true, loading: false });
    expect(taken).toBe(1);
    expect(rt.calls).toEqual([]);
  });
  it('rolls back when the server refuses', async () => {
    const { wrapper } = wrap({
      '/o/config': () => ({ autoAssign: false }),
      '/o/sw': () => {
        throw new ApiError('无权限', 40300, 403);
      },
    });
    const { result } = renderHook(() => useSwitch(res, { switch: 'autoAssign', get: 'config', set: 'sw' }), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(async () => {
      expect(await result.current.set(true)).toBe(false);
    });
    expect(result.current.value).toBe(false);
    expect(result.current.error?.message).toBe('无权限');
  });
});

describe('useColumnSettings', () => {
  beforeEach(() => localStorage.clear());
  it('remembers columns and density per user and resource', () => {
    const { wrapper } = wrap({}, { id: '7', username: 'a', nickname: 'a', roles: [] });
    const { result } = renderHook(() => useColumnSettings(staff, ['phone']), { wrapper });
    expect(result.current.columns).toEqual({ phone: { show: false } });
    act(() => result.current.setColumns({ phone: { show: true }, nickname: { show: false } }));
    act(() => result.current.setDensity('small'));
    expect(JSON.parse(localStorage.getItem(columnSettingsKey('staff', '7'))!)).toEqual({
      columns: { phone: { show: true }, nickname: { show: false } },
      density: 'small',
    });
    const again = renderHook(() => useColumnSettings(staff, ['phone']), { wrapper });
    expect(again.result.current.density).toBe('small');
    expect(again.result.current.columns.nickname).toEqual({ show: false });
    const other = wrap({}, { id: '8', username: 'b', nickname: 'b', roles: [] });
    expect(renderHook(() => useColumnSettings(staff), { wrapper: other.wrapper }).result.current.density).toBe('middle');
  });
});

describe('useDetail', () => {
  it('loads the record by id', async () => {
    const { rt, wrapper } = wrap({ '/user/detail': (i) => ({ id: i.id, nickname: '张三' }) });
    const { result } = renderHook(() => useDetail(staff, { id: '1876543210987654321', nickname: 'x' }), { wrapper });
    await waitFor(() => expect(result.current.record).not.toBeNull());
    expect(rt.calls[0].input).toEqual({ id: '1876543210987654321' });
    expect(result.current.record).toEqual({ id: '1876543210987654321', nickname: '张三' });
  });
});

describe('detailCalls', () => {
  const order = orderJson as unknown as Resource;
  it("names the record's GET and each slot section's own GET, with the row's id", () => {
    const calls = detailCalls(order, { id: '1876543210987654321', orderNo: 'A1' }).map((c) => [c.binding.path, c.input]);
    expect(calls).toEqual([
      ['/order/getById', { id: '1876543210987654321' }],
      ['/order/logs', { id: '1876543210987654321' }],
    ]);
  });
  it('names nothing the row cannot fill (no id) and nothing for a resource without a detail', () => {
    expect(detailCalls(order, { orderNo: 'A1' })).toEqual([]);
    expect(detailCalls(res, { id: '1' })).toEqual([]);
  });
});

describe('useOptions / useOptionLabel', () => {
  beforeEach(() => clearOptionCache());
  it('searches with a debounced keyword and dependent filters', async () => {
    const { rt, wrapper } = wrap({ '/dict/store': (i) => [{ value: '5', label: `门店${i.keyword ?? ''}` }] });
    const { result } = renderHook(() => useOptions(staff.fields!.storeId, { merchantId: '9' }), { wrapper });
    await waitFor(() => expect(result.current.options).toHaveLength(1));
    expect(rt.calls[0].input).toEqual({ merchantId: '9' });
    act(() => {
      result.current.search('朝');
      result.current.search('朝阳');
    });
    await waitFor(() => expect(result.current.options[0]?.label).toBe('门店朝阳'), { timeout: 2000 });
    expect(rt.calls.map((c) => c.input.keyword)).toEqual([undefined, '朝阳']);
  });
  it("offers no option of other dependency values: after the merchant changes, none and loading until that merchant's stores come", async () => {
    let release = () => {};
    const { wrapper } = wrap({
      '/dict/store': (i) =>
        i.merchantId === '9' ? [{ value: '5', label: '九号商户的门店' }] : new Promise((r) => (release = () => r([{ value: '7', label: '七号商户的门店' }]))),
    });
    const { result, rerender } = renderHook(({ m }) => useOptions(staff.fields!.storeId, { merchantId: m }), { wrapper, initialProps: { m: '9' } });
    await waitFor(() => expect(result.current.options.map((o) => o.label)).toEqual(['九号商户的门店']));
    rerender({ m: '7' });
    expect(result.current.options).toEqual([]);
    expect(result.current.loading).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(result.current.options.map((o) => o.label)).toEqual(['七号商户的门店']));
    expect(result.current.loading).toBe(false);
  });
  it('takes the label from the record when the server sent one, else looks it up once', async () => {
    const { rt, wrapper } = wrap({ '/dict/store': () => [{ value: '5', label: '朝阳门店' }] });
    const a = renderHook(() => useOptionLabel(staff.fields!.storeId, '5', '记录里的名字'), { wrapper });
    expect(a.result.current).toBe('记录里的名字');
    expect(rt.calls).toHaveLength(0);
    const b = renderHook(() => [useOptionLabel(staff.fields!.storeId, '5', undefined), useOptionLabel(staff.fields!.storeId, '5', undefined)], { wrapper });
    await waitFor(() => expect(b.result.current).toEqual(['朝阳门店', '朝阳门店']));
    expect(rt.calls).toHaveLength(1);
  });
});
