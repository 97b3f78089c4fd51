// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useRouterNavigate } from './use-router-navigate';
import { shareKeptPages } from '../layout/keep-alive-context';

/** The drawn count: each render of a user of the hook. */
const drawn = vi.fn();

function ToProfile() {
  drawn();
  const navigate = useRouterNavigate();
  return <button onClick={() => navigate('/profile', { replace: true })}>profile</button>;
}

/** The console's frame: a layout route (the header's user menu) around a list and the profile page. */
function frameRouter(initialEntries: string[]) {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ToProfile />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>list</p> },
          { path: 'profile', element: <p>profile page</p> },
        ],
      },
    ],
    { initialEntries },
  );
}

describe('useRouterNavigate', () => {
  it('navigates, and its users do not draw again when only the URL changes (a list click)', async () => {
    const router = frameRouter(['/', '/?page=1']);
    render(<RouterProvider router={router} />);
    await screen.findByText('profile');
    const before = drawn.mock.calls.length;
    await act(() => router.navigate('/?page=2'));
    await act(() => router.navigate('/?page=3&tab=done'));
    expect(router.state.location.search).toBe('?page=3&tab=done');
    expect(drawn.mock.calls.length).toBe(before);

    fireEvent.click(screen.getByText('profile'));
    await screen.findByText('profile page');
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a kept page after the click has painted, and goes anywhere else at once', async () => {
    cleanup();
    const router = frameRouter(['/']);
    render(<RouterProvider router={router} />);
    shareKeptPages(new Map([['/profile', {}]]));
    try {
      fireEvent.click(await screen.findByText('profile'));
      // the click's own work is done; the kept page is not asked for yet
      await act(async () => Promise.resolve());
      expect(router.state.location.pathname).toBe('/');
      await screen.findByText('profile page');
      shareKeptPages(new Map());
      await act(() => router.navigate('/'));
      fireEvent.click(screen.getByText('profile'));
      await act(async () => Promise.resolve());
      expect(router.state.location.pathname).toBe('/profile');
    } finally {
      shareKeptPages(new Map());
    }
  });
});
