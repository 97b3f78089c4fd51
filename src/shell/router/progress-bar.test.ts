// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { progressBar, trickle } from './progress-bar';

describe('progress bar', () => {
  it('creeps on while waiting, less the further it is, never to the end', () => {
    let n = 0.08;
    const seen: number[] = [];
    for (let i = 0; i < 400; i++) seen.push((n = trickle(n)));
    expect(seen.every((x, i) => i === 0 || x >= seen[i - 1])).toBe(true);
    expect(Math.max(...seen)).toBeLessThan(1);
    expect(trickle(0.1) - 0.1).toBeGreaterThan(trickle(0.9) - 0.9);
  });

  it("draws nprogress's elements, leaves <html> alone, and goes once done", async () => {
    const bar = progressBar();
    const htmlClass = document.documentElement.className;
    bar.start();
    expect(bar.isStarted()).toBe(true);
    expect(document.querySelector('#nprogress[role="progressbar"] > .bar > .peg')).not.toBeNull();
    expect(document.documentElement.className).toBe(htmlClass);
    bar.done();
    expect(bar.isStarted()).toBe(false);
    await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 3000 });
  });

  it('a new start while the last bar fades keeps one bar on screen', async () => {
    const bar = progressBar();
    bar.done();
    bar.start();
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(document.getElementById('nprogress')).not.toBeNull();
    bar.done();
    await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 3000 });
  });
});
