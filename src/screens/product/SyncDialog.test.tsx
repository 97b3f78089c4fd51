// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import productJson from '../../../schemas/product.json';
import merchantAuthJson from '../../../schemas/merchantAuth.json';
import type { Resource } from '../../schema';
import SyncDialog from './SyncDialog';
import { wrapSlot } from './test-wrap';

afterEach(cleanup);

const REPORT = {
  shops: 3,
  synced: 2,
  productsCreated: 5,
  productsUpdated: 7,
  productsDelisted: 1,
  skusCreated: 12,
  skusUpdated: 9,
  skusDisabled: 0,
  skipped: [{ shopId: '1', name: '小羊管家官方淘宝店', reason: '店铺「小羊管家官方淘宝店」所在平台暂未接入，无法从平台同步数据' }],
  failed: [],
  truncated: false,
  durationMs: 2300,
};

describe('SyncDialog', () => {
  it('product toolbar: confirms, runs /product/sync without params, then shows the summary', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { rt, Wrapper } = wrapSlot({
      '/product/sync': async () => {
        await gate;
        return REPORT;
      },
    });
    const onClose = vi.fn();
    render(
      <Wrapper>
        <SyncDialog resource={productJson as unknown as Resource} record={{}} open onClose={onClose} />
      </Wrapper>,
    );
    expect(screen.getByText(/确定从所有已授权店铺同步商品和规格吗/)).toBeTruthy();
    fireEvent.click(screen.getByText('开始同步'));
    expect(await screen.findByText('正在从平台同步商品，请稍候…')).toBeTruthy();
    release();
    expect(await screen.findByText('商品同步结果')).toBeTruthy();
    expect(rt.calls[0]).toMatchObject({ path: '/product/sync', input: {} });
    expect(screen.getByText('3 个店铺中 2 个同步完成，用时 2 秒')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText(/小羊管家官方淘宝店：/)).toBeTruthy();
    fireEvent.click(screen.getByText('关 闭').closest('button') ?? screen.getByText('关闭'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shop row: sends the shop id to /merchantAuth/syncProducts and shows a failure', async () => {
    const { rt, Wrapper } = wrapSlot({
      '/merchantAuth/syncProducts': () => {
        throw new Error('店铺「速达家政官方店」的授权已过期，请重新授权');
      },
    });
    render(
      <Wrapper>
        <SyncDialog
          resource={merchantAuthJson as unknown as Resource}
          record={{ id: '912000000000000001', name: '速达家政官方店', authStatus: 'authorized' }}
          open
          onClose={() => undefined}
        />
      </Wrapper>,
    );
    expect(screen.getByText('速达家政官方店')).toBeTruthy();
    fireEvent.click(screen.getByText('开始同步'));
    expect(await screen.findByText('同步失败')).toBeTruthy();
    expect(screen.getByText(/授权已过期/)).toBeTruthy();
    await waitFor(() => expect(rt.calls[0]).toMatchObject({ path: '/merchantAuth/syncProducts', input: { id: '912000000000000001' } }));
  });
});
