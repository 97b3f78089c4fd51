// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import merchantAuthJson from '../../../schemas/merchantAuth.json';
import type { Resource } from '../../schema';
import { clearOptionCache } from '../../engine/options';
import { wrapSlot } from '../product/test-wrap';
import AuthorizeShop, { AUTHORIZED_MESSAGE } from './AuthorizeShop';

const resource = merchantAuthJson as unknown as Resource;
const URL_ = 'http://127.0.0.1:8000/api/public/sandbox/oauth/authorize?clientId=dispatch-console&state=abc';
const PLATFORMS = [
  { value: 'sandbox', label: '沙箱商城', adapterAvailable: true },
  { value: 'taobao', label: '淘宝', adapterAvailable: false },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(record: Record<string, unknown>) {
  const onClose = vi.fn();
  const { rt, Wrapper } = wrapSlot({
    '/merchantAuth/auth': () => ({ url: URL_, state: 'abc' }),
    '/merchantAuth/getPlatform': () => PLATFORMS,
    // as the server answers: the status filter leaves out the disabled merchant
    '/merchant/list': (input) => {
      const all = [
        { id: '7', name: '小羊管家家电清洗', status: 'enabled' },
        { id: '8', name: '快修侠家庭维修', status: 'disabled' },
      ];
      const list = all.filter((m) => !input.status || m.status === input.status);
      return { list, total: list.length, current: 1, pageSize: 20 };
    },
  });
  render(
    <Wrapper>
      <AuthorizeShop resource={resource} record={record} onClose={onClose} />
    </Wrapper>,
  );
  return { rt, onClose };
}

describe('AuthorizeShop', () => {
  it('re-authorises a shop: opens the platform page in a new window and closes when the callback reports success', async () => {
    const win = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const { rt, onClose } = setup({ id: '912000000000000001', name: '速达家政官方店' });
    expect(screen.getByText('速达家政官方店')).toBeTruthy();
    fireEvent.click(screen.getByText('前往平台授权'));
    await waitFor(() => expect(win.location.href).toBe(URL_));
    expect(open).toHaveBeenCalledOnce();
    expect(rt.calls.find((c) => c.path === '/merchantAuth/auth')!.input).toEqual({ id: '912000000000000001' });
    expect((await screen.findAllByText('已在新窗口打开平台授权页面，请在该页面完成授权')).length).toBeGreaterThan(0);

    // A message from another origin is ignored; the callback page's (same origin) closes the dialog.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: AUTHORIZED_MESSAGE, ok: true }, origin: 'https://evil.example' }));
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: AUTHORIZED_MESSAGE, ok: true }, origin: window.location.origin }));
    });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('offers a link when the browser blocks the pop-up', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    setup({ id: '912000000000000001', name: '速达家政官方店' });
    fireEvent.click(screen.getByText('前往平台授权'));
    const link = await screen.findByText('打开授权页面');
    expect(link.closest('a')!.getAttribute('href')).toBe(URL_);
  });

  it('a new authorisation loads the platforms and preselects one with an adapter; it needs a merchant first', async () => {
    const { rt } = setup({});
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/merchantAuth/getPlatform')).toBe(true));
    expect(await screen.findByText('沙箱商城')).toBeTruthy();
    const go = screen.getByText('前往平台授权').closest('button')!;
    expect(go.hasAttribute('disabled')).toBe(true);
  });

  it("offers only enabled merchants (the form's params), never a disabled one", async () => {
    clearOptionCache();
    const { rt } = setup({});
    const select = document.getElementById('merchantId')!;
    fireEvent.mouseDown(select);
    expect(await screen.findByText('小羊管家家电清洗')).toBeTruthy();
    expect(screen.queryByText('快修侠家庭维修')).toBeNull();
    const asked = rt.calls.filter((c) => c.path === '/merchant/list');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.input.status === 'enabled')).toBe(true);
  });
});
