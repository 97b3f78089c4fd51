// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ShellRouter } from './create-router';
import { useNavigationTransitions } from './use-navigation-transitions';

describe('useNavigationTransitions', () => {
  it('keeps transitions while the first navigation loads, and turns them off once it has settled and the browser is idle', async () => {
    let release = () => {};
    const loaded = new Promise<null>((r) => (release = () => r(null)));
    const router = createMemoryRouter([{ path: '/', element: null, loader: () => loaded }], { initialEntries: ['/'] });
    const { result } = renderHook(() => useNavigationTransitions(router as unknown as ShellRouter));
    expect(result.current).toBeUndefined();
    // the loader still out: more than the idle wait later, still transitions
    await new Promise((r) => setTimeout(r, 400));
    expect(router.state.initialized).toBe(false);
    expect(result.current).toBeUndefined();
    release();
    await waitFor(() => expect(result.current).toBe(false));
    router.dispose();
  });
});
