// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { KeepAliveOutlet, type KeptTab } from './KeepAliveOutlet';
import { aheadPaths, type AheadPaths } from './ahead-paths';
import { RedirectPage } from '../router/RedirectPage';
import { useDrawnAhead } from '../../engine/drawn-ahead';

function CounterBody({ name }: { name: string }) {
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

/** What the pages' effects did: a hidden kept page keeps its effects (it is not unmounted or paused). */
const effects: string[] = [];
/** Each page's mounts (its state made): a page drawn ahead and then visited is mounted once. */
const mounts: string[] = [];

function Counter({ name }: { name: string }) {
  useState(() => mounts.push(name));
  const drawnAhead = useDrawnAhead();
  useEffect(() => {
    effects.push(`${name} mounted`);
    return () => void effects.push(`${name} cleaned up`);
  }, [name]);
  useEffect(() => {
    effects.push(`${name} ${drawnAhead ? 'waits, in the document: ' + document.body.contains(document.querySelector(`[data-page="${name}"]`)) : 'shows'}`);
  }, [name, drawnAhead]);
  return (
    <div data-page={name}>
      <CounterBody name={name} />
    </div>
  );
}

/** A page with a drawer open (a portal on the body, as antd's). */
function WithDrawer() {
  return (
    <div>
      <span>page with drawer</span>
      {createPortal(<div className="ant-drawer ant-drawer-open">drawer of C</div>, document.body)}
    </div>
  );
}

let tabsShown: string[] = [];

function Frame({ keep, ahead }: { keep: boolean; ahead?: AheadPaths }) {
  return (
    <div>
      <Link to="/a">go a</Link>
      <Link to="/b?x=1">go b</Link>
      <Link to="/b">go bare b</Link>
      <Link to="/redirect/a">reload a</Link>
      <KeepAliveOutlet
        enabled={keep}
        prerender={ahead}
        renderTabs={(tabs: KeptTab[]) => {
          tabsShown = tabs.map((t) => t.path);
          return null;
        }}
      />
    </div>
  );
}

function setup(keep: boolean, ahead?: AheadPaths) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame keep={keep} ahead={ahead} />,
        children: [
          { path: 'a', element: <Counter name="A" /> },
          { path: 'b', element: <Counter name="B" /> },
          { path: 'c', element: <WithDrawer /> },
          { path: 'redirect/*', element: <RedirectPage />, handle: { keepAlive: false } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  effects.length = 0;
  mounts.length = 0;
  tabsShown = [];
});

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

  it('hides a kept page by content-visibility, out of the accessibility tree, its layout and effects kept (no display: none to lay out again)', async () => {
    setup(true);
    const pageA = screen.getByText('A clicked 0').closest('.kept-page') as HTMLElement;
    await act(async () => fireEvent.click(screen.getByText('go b')));
    expect(pageA.style.contentVisibility).toBe('hidden');
    expect(pageA.getAttribute('aria-hidden')).toBe('true');
    // no inert: Chromium restyles a whole page as inert is set or taken away (KeptPage.tsx)
    expect(pageA.hasAttribute('inert')).toBe(false);
    expect(screen.getByText('A clicked 0').closest('[style*="display: none"]')).toBeNull();
    expect(effects).toEqual(['A mounted', 'A shows', 'B mounted', 'B shows']);
    const pageB = screen.getByText('B clicked 0').closest('.kept-page') as HTMLElement;
    expect(pageB.style.contentVisibility).toBe('');
    expect(pageB.hasAttribute('aria-hidden')).toBe(false);
    await act(async () => fireEvent.click(screen.getByText('go a')));
    expect(pageA.style.contentVisibility).toBe('');
    expect(pageA.hasAttribute('aria-hidden')).toBe(false);
    expect(effects).toEqual(['A mounted', 'A shows', 'B mounted', 'B shows']);
  });

  it('a field focused on a page as it is left loses its focus', async () => {
    const router = setup(true);
    const button = screen.getByText('A clicked 0');
    button.focus();
    expect(document.activeElement).toBe(button);
    // a navigation that moves no focus itself (a shortcut, back/forward)
    await act(async () => router.navigate('/b?x=1'));
    expect(document.activeElement).not.toBe(button);
    expect(screen.getByText('A clicked 0').closest('.kept-page')?.contains(document.activeElement)).toBe(false);
  });

  it('a page left with its drawer open is hidden with the drawer (display: none), and both show again on return', async () => {
    const router = setup(true);
    await act(async () => router.navigate('/c'));
    const drawer = screen.getByText('drawer of C');
    await act(async () => router.navigate('/a'));
    expect(drawer.style.display).toBe('none');
    expect(screen.getByText('page with drawer').closest('[style*="display: none"]')).not.toBeNull();
    await act(async () => router.navigate('/c'));
    expect(drawer.style.display).toBe('');
    expect(screen.getByText('page with drawer').closest('[style*="display: none"]')).toBeNull();
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

  it('draws a page ahead outside the document, without running its effects, and shows that same page when it is visited', async () => {
    const ahead = aheadPaths();
    setup(true, ahead);
    await act(async () => ahead.add('/b'));
    // drawn (its state made), but nowhere in the document, its effects not run, and no tab
    expect(mounts).toEqual(['A', 'B']);
    expect(screen.queryByText(/B clicked/)).toBeNull();
    expect(document.body.textContent).not.toContain('B sees');
    expect(effects).toEqual(['A mounted', 'A shows']);
    expect(tabsShown).toEqual(['/a']);
    await act(async () => fireEvent.click(screen.getByText('go bare b')));
    // the page drawn ahead is the one shown: not mounted again, its effects run now, a tab of its own
    expect(screen.getByText('B clicked 0')).toBeTruthy();
    expect(screen.getByText('B sees no query')).toBeTruthy();
    expect(mounts).toEqual(['A', 'B']);
    expect(effects).toEqual(['A mounted', 'A shows', 'B mounted', 'B shows']);
    expect(tabsShown).toEqual(['/a', '/b']);
    fireEvent.click(screen.getByText('B clicked 0'));
    expect(screen.getByText('B clicked 1')).toBeTruthy();
    // and is kept like any visited page
    await act(async () => fireEvent.click(screen.getByText('go a')));
    await act(async () => fireEvent.click(screen.getByText('go bare b')));
    expect(screen.getByText('B clicked 1')).toBeTruthy();
    expect(mounts).toEqual(['A', 'B']);
  });

  it("runs a page's effects once the browser is idle after drawing it ahead, still outside the document, and at its visit only what follows the visit", async () => {
    const ahead = aheadPaths();
    setup(true, ahead);
    await act(async () => ahead.add('/b'));
    expect(effects).toEqual(['A mounted', 'A shows']);
    // idle (happy-dom: whenIdle's timer)
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(effects).toEqual(['A mounted', 'A shows', 'B mounted', 'B waits, in the document: false']);
    expect(document.body.textContent).not.toContain('B sees');
    expect(tabsShown).toEqual(['/a']);
    await act(async () => fireEvent.click(screen.getByText('go bare b')));
    expect(screen.getByText('B clicked 0')).toBeTruthy();
    expect(mounts).toEqual(['A', 'B']);
    expect(effects).toEqual(['A mounted', 'A shows', 'B mounted', 'B waits, in the document: false', 'B shows']);
    expect(tabsShown).toEqual(['/a', '/b']);
  });

  it('a page drawn ahead and visited with a query sees that query', async () => {
    const ahead = aheadPaths();
    setup(true, ahead);
    await act(async () => ahead.add('/b'));
    await act(async () => fireEvent.click(screen.getByText('go b')));
    expect(screen.getByText('B sees ?x=1')).toBeTruthy();
    expect(mounts).toEqual(['A', 'B']);
  });

  it('draws nothing ahead without keep-alive, and forgets pages no longer wanted', async () => {
    const ahead = aheadPaths();
    setup(false, ahead);
    await act(async () => ahead.add('/b'));
    expect(mounts).toEqual(['A']);
    cleanup();
    mounts.length = 0;
    const again = aheadPaths();
    setup(true, again);
    await act(async () => again.add('/b'));
    expect(mounts).toEqual(['A', 'B']);
    await act(async () => again.clear());
    await act(async () => again.add('/b'));
    // dropped and drawn afresh
    expect(mounts).toEqual(['A', 'B', 'B']);
  });

  it('drawing a page ahead leaves a dialog open on the page shown where it is (moving it took its focus and closed its popups)', async () => {
    const ahead = aheadPaths();
    setup(true, ahead);
    // an open drawer in its container on the body, as antd draws it, with a field focused
    const layer = document.body.appendChild(document.createElement('div'));
    layer.innerHTML = '<div class="ant-drawer ant-drawer-open"><input id="in-drawer" /></div>';
    const after = document.body.appendChild(document.createElement('i'));
    const field = document.getElementById('in-drawer') as HTMLInputElement;
    field.focus();
    await act(async () => ahead.add('/b'));
    expect(mounts).toContain('B');
    expect(layer.nextElementSibling).toBe(after);
    expect(document.activeElement).toBe(field);
    layer.remove();
    after.remove();
  });
});
