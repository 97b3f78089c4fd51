// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../schema';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { useWarmMenuLists } from './warm-menu-lists';

const list = (name: string, title: string, extra: Partial<Resource> = {}): Resource => ({
  name,
  fields: { name: { type: 'string', title }, enabled: { type: 'boolean', title: `${title}-enabled` } },
  api: { list: { method: 'GET', path: `/${name}/list`, input: { page: true }, result: 'page' } },
  list: { api: 'list', columns: ['name', 'enabled'] },
  ...extra,
});

describe('useWarmMenuLists', () => {
  it("measures the other menu lists' column titles and value labels while idle, one list at a time, not its own", async () => {
    const order = list('order', 'order-title');
    const staff = list('staff', 'staff-title');
    const store = list('store', 'store-title');
    const noList: Resource = { name: 'profile', fields: { name: { type: 'string', title: 'profile-title' } }, api: {} };
    const { runtime } = fakeRuntime({});
    runtime.menuResources = () => Promise.resolve([order, staff, noList, store]);
    const measure = vi.fn((text: string) => text.length * 7);
    const t = (k: string) => `«${k}»`;
    function Probe() {
      useWarmMenuLists(order, t, measure, 'zh-CN');
      return null;
    }
    render(
      <RuntimeProvider value={runtime}>
        <Probe />
      </RuntimeProvider>,
    );
    expect(measure).not.toHaveBeenCalled(); // nothing in the list's own render or mount
    await waitFor(() => expect(measure.mock.calls.map((c) => c[0])).toContain('«store-title»'), { timeout: 5_000 });
    const measured = measure.mock.calls.map((c) => c[0]);
    expect(measured).toContain('«staff-title»');
    expect(measured).toContain('«renderer.yes»'); // a boolean column's labels
    expect(measured.some((s) => s.includes('order-title') || s.includes('profile-title'))).toBe(false);
  });

  it('does nothing after the list is gone', async () => {
    const { runtime } = fakeRuntime({});
    runtime.menuResources = () => Promise.resolve([list('staff', 'staff-title')]);
    const measure = vi.fn(() => 10);
    function Probe() {
      useWarmMenuLists(list('order', 'order-title'), (k) => k, measure, 'zh-CN');
      return null;
    }
    const { unmount } = render(
      <RuntimeProvider value={runtime}>
        <Probe />
      </RuntimeProvider>,
    );
    unmount();
    await new Promise((r) => setTimeout(r, 600));
    expect(measure).not.toHaveBeenCalled();
  });
});
