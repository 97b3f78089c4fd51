// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource, ScreenRoute } from '../../schema';
import { finishNavigation } from './progress';
import { screenRoutes } from './screen-routes';

const bar = () => document.getElementById('nprogress');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function screenLoadedOn(signal: Promise<void>): ScreenRoute {
  return {
    name: 'slowScreen',
    path: '/slow',
    title: 'menu.slow',
    roles: [],
    hidden: false,
    menuOrder: 1,
    kind: 'resource',
    load: () => signal.then(() => ({ name: 'slowScreen' }) as unknown as Resource),
  };
}

describe('screen routes and the progress bar', () => {
  it('shows the bar while a screen downloads, and only once painted when it is already in', async () => {
    let arrive!: () => void;
    const [route] = screenRoutes([screenLoadedOn(new Promise<void>((r) => (arrive = r)))]);
    const load = route.loader as () => unknown;

    load();
    await waitFor(() => expect(bar(), 'a navigation waiting for the schema shows the bar').not.toBeNull(), { timeout: 1000 });
    arrive();
    finishNavigation(0);
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });

    // the schema is in: going there again only renders, and draws no bar while it does; once the page
    // has painted the bar shows complete (after each navigation a progress indicator finishes)
    load();
    await sleep(350);
    expect(bar(), 'no bar while a screen already downloaded renders').toBeNull();
    finishNavigation(0);
    await waitFor(() => expect(bar()).not.toBeNull());
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });
});
