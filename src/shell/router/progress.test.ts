// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { finishNavigation, startProgress } from './progress';

const bar = () => document.getElementById('nprogress');

describe('navigation progress bar', () => {
  it('starts after the navigation has painted, not inside it, and finishes', async () => {
    startProgress();
    expect(bar(), 'nothing drawn while the navigation renders').toBeNull();
    await waitFor(() => expect(bar()).not.toBeNull());
    finishNavigation(0);
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });

  it('a navigation that finishes before the bar started still shows it and finishes it', async () => {
    startProgress();
    finishNavigation(0);
    await waitFor(() => expect(bar()).not.toBeNull());
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });
});
