// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../generated/types';
import { wrapSlot } from '../product/test-wrap';
import { TodayFigures } from './TodayFigures';

const money = (value: string, change: number | null) => ({ value, previous: '0.00', change });
const SUMMARY = {
  orders: { value: 38, previous: 61, change: -0.377 },
  gmv: money('9086.00', 0),
  settled: money('0.00', null),
  refunded: money('287.79', 3.797),
} as unknown as DashboardSummary;

function change(id: string): HTMLElement | null {
  const { Wrapper } = wrapSlot({});
  const { getByTestId } = render(<TodayFigures summary={SUMMARY} />, { wrapper: Wrapper });
  return within(getByTestId(`figure-${id}`)).queryByTestId('change');
}

describe('today figures against yesterday', () => {
  afterEach(cleanup);

  it('colours a change by whether it is good for the business, as the dashboard does', () => {
    const orders = change('orders')!;
    expect(orders.textContent?.trim()).toBe('37.7%');
    expect(orders.querySelector('.anticon-arrow-down')).not.toBeNull();
    expect(orders.style.color).toBe('#cf1322'); // fewer orders: bad
    cleanup();
    const refunded = change('refunded')!;
    expect(refunded.querySelector('.anticon-arrow-up')).not.toBeNull();
    expect(refunded.style.color).toBe('#cf1322'); // more refunds: bad
  });

  it('shows no arrow and no colour for no change, and a dash without yesterday', () => {
    const gmv = change('gmv')!;
    expect(gmv.querySelector('.anticon')).toBeNull();
    expect(gmv.style.color).toBe('');
    cleanup();
    expect(change('settled')).toBeNull();
  });
});
