// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import productJson from '../../../schemas/product.json';
import type { Resource } from '../../schema';
import ServicePriceRange from './ServicePriceRange';
import { wrapSlot } from './test-wrap';

const product = productJson as unknown as Resource;

function shown(record: Record<string, unknown>): string {
  const { Wrapper } = wrapSlot({});
  const { container } = render(<ServicePriceRange resource={product} record={record} name="servicePriceRange" value={record.servicePriceRange} />, {
    wrapper: Wrapper,
  });
  return container.textContent ?? '';
}

describe('servicePriceRange cell', () => {
  afterEach(cleanup);

  it('shows both ends as money, with the currency and grouping', () => {
    expect(shown({ servicePriceMin: '80.00', servicePriceMax: '1295.50', servicePriceRange: '80.00 ~ 1295.50' })).toBe('¥80.00 ~ ¥1,295.50');
  });

  it('shows one amount when every SKU earns the same', () => {
    expect(shown({ servicePriceMin: '55.00', servicePriceMax: '55.00', servicePriceRange: '55.00' })).toBe('¥55.00');
  });

  it('shows the empty mark for a product without enabled SKUs', () => {
    expect(shown({ servicePriceMin: null, servicePriceMax: null, servicePriceRange: null })).toBe('-');
  });
});
