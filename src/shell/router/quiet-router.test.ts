// @vitest-environment happy-dom
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { quietRouter } from './quiet-router';

/** A router at /a with /b whose loader answers when `answer` is called. */
function routerWithSlowB() {
  let answer!: () => void;
  const router = createMemoryRouter(
    [
      { path: '/a', element: null },
      { path: '/b', element: null, loader: () => new Promise<null>((r) => (answer = () => r(null))) },
      { path: '/c', element: null },
    ],
    { initialEntries: ['/a'] },
  );
  return { router, answer: () => answer() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('quietRouter', () => {
  it('tells its subscribers nothing of a navigation that has only started, then the state that ends it', async () => {
    const { router, answer } = routerWithSlowB();
    const told: string[] = [];
    const all: string[] = [];
    router.subscribe((s) => void all.push(`${s.navigation.state} ${s.location.pathname}`));
    const stop = quietRouter(router).subscribe((s) => void told.push(`${s.navigation.state} ${s.location.pathname}`));
    void router.navigate('/b');
    await tick();
    // the router itself said it is loading /b; the quiet one said nothing yet
    expect(all).toEqual(['loading /a']);
    expect(told).toEqual([]);
    answer();
    await tick();
    expect(told).toEqual(['idle /b']);
    // a navigation with nothing to wait for: its one state, as it comes
    await router.navigate('/c');
    expect(told).toEqual(['idle /b', 'idle /c']);
    stop();
  });

  it('is the same router otherwise: its state, navigate and routes', () => {
    const { router } = routerWithSlowB();
    const q = quietRouter(router);
    expect(q).toBe(quietRouter(router));
    expect(q.state).toBe(router.state);
    expect(q.routes).toBe(router.routes);
    expect(q.navigate).toBe(router.navigate);
  });
});
