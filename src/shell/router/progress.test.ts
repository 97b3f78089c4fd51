// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { finishNavigation, startProgress } from './progress';

const bar = () => document.getElementById('nprogress');

describe('navigation progress bar', () => {
  it('a slow navigation shows the bar while it loads, and finishes it', async () => {
    startProgress();
    expect(bar(), 'nothing drawn while the navigation renders').toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(bar(), 'not yet after 100 ms').toBeNull();
    await waitFor(() => expect(bar()).not.toBeNull());
    finishNavigation(0);
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });

  it('a quick navigation shows the bar complete once it has painted', async () => {
    startProgress();
    finishNavigation(0);
    expect(bar()).toBeNull();
    await waitFor(() => expect(bar()).not.toBeNull());
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });
});
