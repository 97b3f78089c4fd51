// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useRouterNavigate } from './use-router-navigate';

/** The drawn count: each render of a user of the hook. */
const drawn = vi.fn();

function ToProfile() {
  drawn();
  const navigate = useRouterNavigate();
  return <button onClick={() => navigate('/profile', { replace: true })}>profile</button>;
}

describe('useRouterNavigate', () => {
  it('navigates, and its users do not draw again when only the URL changes (a list click)', async () => {
    const router = createMemoryRouter(
      [
        {
          // the console's frame: a layout route (the header's user menu) around the screens
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
      { initialEntries: ['/', '/?page=1'] },
    );
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
});
