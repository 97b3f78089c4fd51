// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import merchantAuthJson from '../../../schemas/merchantAuth.json';
import type { Resource } from '../../schema';
import { wrapSlot } from '../product/test-wrap';
import ImportTradesDialog, { rangeProblem } from './ImportTradesDialog';

afterEach(cleanup);
const resource = merchantAuthJson as unknown as Resource;

describe('ImportTradesDialog', () => {
  it('imports the last 30 days by default and shows the counts', async () => {
    const { rt, Wrapper } = wrapSlot({
      '/merchantAuth/getHistoryTrades': () => ({ status: 'done', fetched: 41, imported: 38, skipped: 3, unmatched: 2, failed: 0, failures: [] }),
    });
    render(
      <Wrapper>
        <ImportTradesDialog resource={resource} record={{ id: '912000000000000001', name: '速达家政官方店' }} open onClose={() => undefined} />
      </Wrapper>,
    );
    expect(screen.getByText('速达家政官方店')).toBeTruthy();
    fireEvent.click(screen.getByText('开始导入'));
    expect(await screen.findByText('历史订单导入结果')).toBeTruthy();
    const today = dayjs().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(rt.calls[0]).toMatchObject({
        path: '/merchantAuth/getHistoryTrades',
        input: { id: '912000000000000001', importRange: [dayjs().subtract(29, 'day').format('YYYY-MM-DD'), today] },
      }),
    );
    expect(screen.getByText('38')).toBeTruthy();
    expect(screen.getByText(/部分交易未匹配到已同步的商品规格/)).toBeTruthy();
  });

  it('keeps the dialog open with the server message when the import is refused', async () => {
    const { Wrapper } = wrapSlot({
      '/merchantAuth/getHistoryTrades': () => {
        throw new Error('店铺「速达家政官方店」未授权或授权已失效，请先授权');
      },
    });
    render(
      <Wrapper>
        <ImportTradesDialog resource={resource} record={{ id: '1', name: '速达家政官方店' }} open onClose={() => undefined} />
      </Wrapper>,
    );
    fireEvent.click(screen.getByText('开始导入'));
    expect(await screen.findByText(/未授权或授权已失效/)).toBeTruthy();
    expect(screen.getByText('开始导入')).toBeTruthy();
  });
});

describe('rangeProblem', () => {
  it('follows the server rules: both ends, order, not after today, at most 90 days', () => {
    expect(rangeProblem(undefined, '2026-11-22')).toBe('merchantAuth.importRangeRequired');
    expect(rangeProblem(['2026-11-20', '2026-11-10'], '2026-11-22')).toBe('merchantAuth.importRangeOrder');
    expect(rangeProblem(['2026-11-20', '2026-11-23'], '2026-11-22')).toBe('merchantAuth.importRangeFuture');
    expect(rangeProblem(['2026-08-25', '2026-11-22'], '2026-11-22')).toBeNull();
    expect(rangeProblem(['2026-08-24', '2026-11-22'], '2026-11-22')).toBe('merchantAuth.importRangeTooLong');
  });
});
