// @vitest-environment happy-dom
import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPreload, preloadComponent, withFallback } from '../engine/lazy-preload';
import { registerSlot } from './slots';
import { preloadDetailSlots } from './detail/preload-detail';
import { preloadCellSlots } from './list/preload-cells';
import type { Resource } from '../schema';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyPreload', () => {
  it('renders a preloaded component in the first render, with no fallback', async () => {
    const C = lazyPreload(() => Promise.resolve({ default: Hello }));
    await C.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <C name="a" />
      </Suspense>,
    );
    expect(screen.getByText('hello a')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('without a preload it suspends like React.lazy, then shows the component', async () => {
    const C = lazyPreload(() => new Promise<{ default: typeof Hello }>((r) => setTimeout(() => r({ default: Hello }), 20)));
    render(
      <Suspense fallback={<p>loading</p>}>
        <C name="b" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello b')).toBeTruthy();
  });

  it('loads once, and tries again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue({ default: Hello });
    const C = lazyPreload(load);
    await expect(C.preload()).rejects.toThrow('network');
    await C.preload();
    await C.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloadComponent resolves for any component and never rejects', async () => {
    await expect(preloadComponent(Hello)).resolves.toBeUndefined();
    await expect(preloadComponent(lazyPreload<{ name: string }>(() => Promise.reject(new Error('x'))))).resolves.toBeUndefined();
  });

  it('preloadDetailSlots loads the slots of the detail sections and of the fields they show', async () => {
    const section = vi.fn(() => Promise.resolve({ default: Hello as never }));
    const cell = vi.fn(() => Promise.resolve({ default: Hello as never }));
    const unused = vi.fn(() => Promise.resolve({ default: Hello as never }));
    registerSlot('testSectionSlot', lazyPreload(section));
    registerSlot('testCellSlot', lazyPreload(cell));
    registerSlot('testUnusedSlot', lazyPreload(unused));
    const resource = {
      name: 't',
      fields: { a: { type: 'string', title: 'a', render: 'testCellSlot' }, b: { type: 'string', title: 'b', render: 'testUnusedSlot' } },
      detail: {
        sections: [
          { title: 's', fields: ['a'] },
          { title: 'x', slot: 'testSectionSlot' },
        ],
      },
    } as unknown as Resource;
    await preloadDetailSlots(resource);
    expect(section).toHaveBeenCalledTimes(1);
    expect(cell).toHaveBeenCalledTimes(1);
    expect(unused).not.toHaveBeenCalled();
  });

  it('withFallback shows its fallback in place while the code loads, and keeps the preload', async () => {
    const load = vi.fn(() => new Promise<{ default: typeof Hello }>((r) => setTimeout(() => r({ default: Hello }), 20)));
    const C = withFallback(lazyPreload(load), <p>keeps its size</p>);
    render(
      <Suspense fallback={<p>the table's fallback</p>}>
        <C name="c" />
      </Suspense>,
    );
    expect(screen.getByText('keeps its size')).toBeTruthy();
    expect(screen.queryByText("the table's fallback")).toBeNull();
    expect(await screen.findByText('hello c')).toBeTruthy();
    await C.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloadCellSlots loads the slots a list draws: a column’s own render, its field’s, its also lines’', async () => {
    const loader = () => vi.fn(() => Promise.resolve({ default: Hello as never }));
    const [own, ofField, ofAlso, detailOnly, hidden] = [loader(), loader(), loader(), loader(), loader()];
    registerSlot('testColumnRender', lazyPreload(own));
    registerSlot('testFieldRender', withFallback(lazyPreload(ofField), null));
    registerSlot('testAlsoRender', lazyPreload(ofAlso));
    registerSlot('testDetailOnly', lazyPreload(detailOnly));
    registerSlot('testHiddenColumn', lazyPreload(hidden));
    const resource = {
      name: 't',
      fields: {
        a: { type: 'string', title: 'a' },
        b: { type: 'string', title: 'b', render: 'testFieldRender' },
        c: { type: 'string', title: 'c', render: 'testAlsoRender' },
        d: { type: 'string', title: 'd', render: 'testDetailOnly' },
        e: { type: 'string', title: 'e', render: 'testHiddenColumn' },
      },
      list: {
        columns: [
          { field: 'a', render: 'testColumnRender' },
          { field: 'b', also: ['c'] },
        ],
      },
      detail: { sections: [{ title: 's', fields: ['d'] }] },
    } as unknown as Resource;
    await preloadCellSlots(resource);
    expect([own, ofField, ofAlso].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(detailOnly).not.toHaveBeenCalled();
    expect(hidden).not.toHaveBeenCalled();
  });
});
