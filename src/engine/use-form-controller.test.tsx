// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { ApiError, RuntimeProvider } from './runtime';
import { fakeRuntime, type Handler } from './testing';
import { formLoadCall, useFormController } from './use-form-controller';

const staff = staffJson as unknown as Resource;
const ID = '1876543210987654321';

function wrap(handlers: Record<string, Handler>) {
  const rt = fakeRuntime(handlers);
  const wrapper = ({ children }: { children: ReactNode }) => <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>;
  return { rt, wrapper };
}

describe('useFormController', () => {
  it('starts an add form from field defaults', () => {
    const { wrapper } = wrap({});
    const { result } = renderHook(() => useFormController(staff, 'add'), { wrapper });
    expect(result.current.initialValues).toEqual({ enabled: true });
    expect(result.current.items.map((i) => i.field)).toContain('password');
  });

  it('loads an edit form through its load binding and sends only the binding input, id as a string', async () => {
    const { rt, wrapper } = wrap({
      '/user/detail': () => ({ id: ID, username: 'zhangsan', nickname: '张三', phone: '13812341234', roles: ['admin'], enabled: true, lastLoginAt: null }),
      '/user/edit': (input) => input,
    });
    const row = { id: ID, username: 'zhangsan' };
    const { result } = renderHook(() => useFormController(staff, 'edit', { record: row }), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(rt.calls[0]).toMatchObject({ path: '/user/detail', input: { id: ID } });
    expect(result.current.initialValues).toMatchObject({ nickname: '张三', phone: '13812341234' });
    expect(result.current.items.find((i) => i.field === 'username')?.readOnly).toBe(true);
    let out: unknown;
    await act(async () => {
      out = await result.current.submit({ ...result.current.initialValues, nickname: ' 张三丰 ' });
    });
    expect(out).toMatchObject({ ok: true });
    const sent = rt.calls[1].input;
    expect(sent).toEqual({ id: ID, nickname: '张三丰', phone: '13812341234', roles: ['admin'], enabled: true });
    expect(typeof sent.id).toBe('string');
  });

  it('maps server field errors back onto fields', async () => {
    const { wrapper } = wrap({
      '/user/add': () => {
        throw new ApiError('用户名已存在', 40000, 400, {
          errors: [
            { field: '/username', message: '用户名已存在' },
            { field: 'other', message: '其他错误' },
          ],
        });
      },
    });
    const { result } = renderHook(() => useFormController(staff, 'add'), { wrapper });
    let out: Awaited<ReturnType<typeof result.current.submit>> | undefined;
    await act(async () => {
      out = await result.current.submit({ username: 'zhangsan', nickname: '张三', password: 'abc12345', roles: ['admin'], enabled: true });
    });
    expect(out).toMatchObject({ ok: false, fieldErrors: [{ name: 'username', errors: ['用户名已存在'] }], message: '其他错误' });
  });

  it('sends one idempotency key per opening of an idempotent form', async () => {
    const res: Resource = {
      name: 'o',
      fields: { id: { type: 'bigint', title: 'o.id' }, amount: { type: 'money', title: 'o.amount', required: true } },
      api: { refund: { method: 'POST', path: '/o/refund', idempotent: true, input: { fields: ['id', 'amount'] } } },
      forms: { refund: { title: 'o.refund', api: 'refund', items: ['amount'] } },
    };
    const { rt, wrapper } = wrap({ '/o/refund': () => null });
    const { result, rerender } = renderHook(({ open }) => useFormController(res, 'refund', { record: { id: ID }, open }), {
      wrapper,
      initialProps: { open: true },
    });
    await act(async () => {
      await result.current.submit({ amount: '1.00' });
      await result.current.submit({ amount: '1.00' });
    });
    expect(rt.calls[0].input).toEqual({ id: ID, amount: '1.00' });
    const first = rt.calls[0].options?.idempotencyKey;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(rt.calls[1].options?.idempotencyKey).toBe(first);
    rerender({ open: false });
    rerender({ open: true });
    await act(async () => {
      await result.current.submit({ amount: '1.00' });
    });
    expect(rt.calls[2].options?.idempotencyKey).not.toBe(first);
  });
});

describe('formLoadCall', () => {
  it("is the GET a form makes as it opens on a row (its load binding, the row's values for its inputs), and nothing for a form without load", () => {
    const row = { id: '1876543210987654321', username: 'lisi', nickname: '李四' };
    const call = formLoadCall(staff, 'edit', row);
    expect(call?.binding.path).toBe('/user/detail');
    expect(call?.input).toEqual({ id: '1876543210987654321' });
    expect(formLoadCall(staff, 'resetPassword', row)).toBeUndefined();
  });
});

describe('clearing in an edit form', () => {
  it('sends null for a cleared optional field of a partial binding, and leaves empties out of an add', async () => {
    const { rt, wrapper } = wrap({ '/user/edit': () => null, '/user/add': () => null });
    const edit = renderHook(() => useFormController(staff, 'edit', { record: { id: ID } }), { wrapper });
    await waitFor(() => expect(edit.result.current.loading).toBe(false));
    await act(async () => {
      await edit.result.current.submit({ id: ID, nickname: '张三', phone: '', storeId: undefined, roles: ['admin'] });
    });
    expect(rt.calls.find((c) => c.path === '/user/edit')!.input).toEqual({ id: ID, nickname: '张三', phone: null, roles: ['admin'] });
    const add = renderHook(() => useFormController(staff, 'add'), { wrapper });
    await act(async () => {
      await add.result.current.submit({ username: 'zhangsan', nickname: '张三', password: 'abc12345', phone: '', roles: ['admin'] });
    });
    expect(rt.calls.find((c) => c.path === '/user/add')!.input).toEqual({
      username: 'zhangsan',
      nickname: '张三',
      password: 'abc12345',
      roles: ['admin'],
      enabled: true,
    });
  });
});
