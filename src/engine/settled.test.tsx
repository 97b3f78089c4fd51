// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { fulfilled, tracked } from './settled';

function firstRender(promise: Promise<string>): { fallbacks: number } {
  const seen = { fallbacks: 0 };
  const Fallback = () => {
    seen.fallbacks++;
    return null;
  };
  const Body = () => <span>{use(promise)}</span>;
  render(
    <Suspense fallback={<Fallback />}>
      <Body />
    </Suspense>,
  );
  return seen;
}

describe('promises use() reads without suspending once settled', () => {
  it('a tracked promise, once fulfilled, renders its value in the first render', async () => {
    const p = tracked(Promise.resolve('已加载'));
    await p;
    expect(firstRender(p).fallbacks).toBe(0);
    expect(screen.getByText('已加载')).toBeTruthy();
  });

  it('an untracked fulfilled promise suspends once (what tracked() avoids)', async () => {
    const p = Promise.resolve('未跟踪');
    await p;
    expect(firstRender(p).fallbacks).toBe(1);
  });

  it('fulfilled() is read at once; a tracked promise still rejects for its own callers', async () => {
    expect(firstRender(fulfilled('现成')).fallbacks).toBe(0);
    await expect(tracked(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
