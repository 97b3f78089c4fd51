// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import productJson from '../../../schemas/product.json';
import type { Resource } from '../../schema';
import SkuTable, { normalizeMoney } from './SkuTable';
import { wrapSlot } from './test-wrap';

const product = productJson as unknown as Resource;
const section = product.detail!.sections.find((s) => s.slot === 'skuTable')!;
const SKUS = [
  {
    id: '9000000000000000001',
    name: '挂机 1台',
    platformSkuId: '10000100001',
    price: '89.00',
    servicePrice: '55.00',
    stock: 999,
    enabled: true,
    syncedAt: '2026-11-20T02:00:00Z',
  },
  {
    id: '9000000000000000002',
    name: '柜机 1台',
    platformSkuId: '10000100002',
    price: '139.00',
    servicePrice: '0.00',
    stock: 999,
    enabled: false,
    syncedAt: null,
  },
];

function setup(roles = ['admin'], onRecordChanged?: () => void) {
  let skus = SKUS.map((s) => ({ ...s }));
  const { rt, Wrapper } = wrapSlot(
    {
      '/sku/list': () => skus,
      '/sku/edit': (input) => {
        skus = skus.map((s) => (s.id === input.id ? { ...s, servicePrice: String(input.servicePrice) } : s));
        return skus.find((s) => s.id === input.id);
      },
      '/sku/sync': () => ({ found: true, skusCreated: 0, skusUpdated: 2, skusDisabled: 0 }),
    },
    roles,
  );
  render(
    <Wrapper>
      <SkuTable resource={product} record={{ id: '8000000000000000001' }} section={section} binding={product.api!.skuList} onRecordChanged={onRecordChanged} />
    </Wrapper>,
  );
  return rt;
}

afterEach(cleanup);

describe('SkuTable', () => {
  it('lists the SKUs with money, service price and status', async () => {
    const rt = setup();
    await screen.findByText('挂机 1台');
    expect(rt.calls[0]).toMatchObject({ path: '/sku/list', input: { productId: '8000000000000000001' } });
    expect(screen.getByText('¥55.00')).toBeTruthy();
    expect(screen.getByText('¥89.00')).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
  });

  it('edits a service price: refuses a bad amount, sends a normalised one, shows the new value', async () => {
    const rt = setup();
    await screen.findByText('挂机 1台');
    fireEvent.click(screen.getAllByText('设置结算价')[0]);
    const input = (await screen.findByLabelText('服务结算价')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.234' } });
    expect(await screen.findByText('请输入不小于 0 的金额，最多两位小数')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const ok = within(dialog)
      .getAllByRole('button')
      .find((b) => !b.getAttribute('aria-label') && b.className.includes('primary'))!;
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: '60.5' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('60.50'));
    fireEvent.click(ok);
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/sku/edit')).toBe(true));
    expect(rt.calls.find((c) => c.path === '/sku/edit')!.input).toEqual({ id: '9000000000000000001', servicePrice: '60.50' });
    expect(await screen.findByText('¥60.50')).toBeTruthy();
  });

  it('tells the detail the product changed once a price is saved or the SKUs synced (its range and count follow)', async () => {
    let told = 0;
    setup(['admin'], () => told++);
    await screen.findByText('挂机 1台');
    fireEvent.click(screen.getAllByText('设置结算价')[0]);
    const input = (await screen.findByLabelText('服务结算价')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '60.00' } });
    const ok = within(screen.getByRole('dialog'))
      .getAllByRole('button')
      .find((b) => !b.getAttribute('aria-label') && b.className.includes('primary'))!;
    expect(told).toBe(0);
    fireEvent.click(ok);
    await waitFor(() => expect(told).toBe(1));
    fireEvent.click(screen.getByText('同步规格'));
    await waitFor(() => expect(told).toBe(2));
  });

  it('refuses a service price above the sale price, naming both amounts, and sends nothing', async () => {
    const rt = setup();
    await screen.findByText('挂机 1台');
    fireEvent.click(screen.getAllByText('设置结算价')[0]);
    const input = await screen.findByLabelText('服务结算价');
    fireEvent.change(input, { target: { value: '99999' } });
    expect(await screen.findByText('服务结算价 ¥99,999.00 不能高于售价 ¥89.00')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const ok = within(dialog)
      .getAllByRole('button')
      .find((b) => !b.getAttribute('aria-label') && b.className.includes('primary'))!;
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.click(ok);
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(rt.calls.some((c) => c.path === '/sku/edit')).toBe(false);
    // equal to the sale price is fine
    fireEvent.change(input, { target: { value: '89' } });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
  });

  it('shows no edit or sync for finance', async () => {
    setup(['finance']);
    await screen.findByText('挂机 1台');
    expect(screen.queryByText('设置结算价')).toBeNull();
    expect(screen.queryByText('同步规格')).toBeNull();
  });
});

describe('normalizeMoney', () => {
  it('pads to two decimals and leaves bad input for the validator', () => {
    expect(normalizeMoney('12')).toBe('12.00');
    expect(normalizeMoney('012.5')).toBe('12.50');
    expect(normalizeMoney('1.234')).toBe('1.234');
    expect(normalizeMoney('abc')).toBe('abc');
  });
});
