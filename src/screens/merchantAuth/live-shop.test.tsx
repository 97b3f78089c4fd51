// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import merchantAuthJson from '../../../schemas/merchantAuth.json';
import type { Resource } from '../../schema';
import { wrapSlot } from '../product/test-wrap';
import { useLiveShop } from './live-shop';

const resource = merchantAuthJson as unknown as Resource;
type Rec = Record<string, unknown>;

describe('useLiveShop', () => {
  it("a cell drawn again for another shop (a reused table row) shows that shop in its first render, never the syncing shop's fresher copy", async () => {
    const { Wrapper } = wrapSlot({
      // the syncing shop's poll: a fresher copy with more products done
      '/merchantAuth/detail': () => ({ id: '1', syncStatus: 'running', syncDone: 7, syncTotal: 10 }),
    });
    const shown: Rec[] = [];
    const { rerender } = renderHook(
      ({ record }: { record: Rec }) => {
        const shop = useLiveShop(resource, record);
        shown.push(shop);
        return shop;
      },
      { wrapper: Wrapper, initialProps: { record: { id: '1', syncStatus: 'running', syncDone: 2, syncTotal: 10 } as Rec } },
    );
    await waitFor(() => expect(shown.at(-1)!.syncDone).toBe(7), { timeout: 3000 });
    const before = shown.length;
    rerender({ record: { id: '2', syncStatus: 'done', productCount: 42 } });
    expect(shown.slice(before).map((r) => r.id)).not.toContain('1');
    expect(shown.at(-1)).toEqual({ id: '2', syncStatus: 'done', productCount: 42 });
  });
});
