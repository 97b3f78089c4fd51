// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { RedirectPage } from '../router/RedirectPage';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  const { search } = useLocation();
  return (
    <div>
      <button onClick={() => setN(n + 1)}>
        {name} clicked {n}
      </button>
      <span>
        {name} sees {search || 'no query'}
      </span>
    </div>
  );
}

function Frame({ keep }: { keep: boolean }) {
  return (
    <div>
      <Link to="/a">go a</Link>
      <Link to="/b?x=1">go b</Link>
      <Link to="/redirect/a">reload a</Link>
      <KeepAliveOutlet enabled={keep} />
    </div>
  );
}

function setup(keep: boolean) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame keep={keep} />,
        children: [
          { path: 'a', element: <Counter name="A" /> },
          { path: 'b', element: <Counter name="B" /> },
          { path: 'redirect/*', element: <RedirectPage />, handle: { keepAlive: false } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('KeepAliveOutlet', () => {
  it('keeps a visited page mounted with its state while another page shows', async () => {
    setup(true);
    fireEvent.click(screen.getByText('A clicked 0'));
    fireEvent.click(screen.getByText('A clicked 1'));
    await act(async () => fireEvent.click(screen.getByText('go b')));
    expect(screen.getByText('B sees ?x=1')).toBeTruthy();
    // the hidden page still sees the location it was shown at, not page B's query
    expect(screen.getByText('A sees no query', { selector: 'span' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('go a')));
    expect(screen.getByText('A clicked 2')).toBeTruthy();
  });

  it('mounts afresh without keep-alive', async () => {
    setup(false);
    fireEvent.click(screen.getByText('A clicked 0'));
    await act(async () => fireEvent.click(screen.getByText('go b')));
    expect(screen.queryByText(/A clicked/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('go a')));
    expect(screen.getByText('A clicked 0')).toBeTruthy();
  });

  it('re-mounts a kept page through the /redirect helper', async () => {
    const router = setup(true);
    fireEvent.click(screen.getByText('A clicked 0'));
    expect(screen.getByText('A clicked 1')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('reload a')));
    expect(router.state.location.pathname).toBe('/a');
    expect(screen.getByText('A clicked 0')).toBeTruthy();
  });
});
