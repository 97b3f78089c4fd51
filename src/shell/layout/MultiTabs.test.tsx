// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { MultiTabs } from './MultiTabs';

afterEach(cleanup);

const tabTitles = () =>
  screen
    .getAllByRole('tab')
    .map((t) => t.textContent)
    .filter(Boolean);

function Frame() {
  return (
    <IntlProvider locale="zh-CN" messages={{ 'menu.a': '甲页', 'menu.b': '乙页' }}>
      <Link to="/b">go b</Link>
      <KeepAliveOutlet enabled renderTabs={(tabs, active, close) => <MultiTabs tabs={tabs} active={active} close={close} />} />
    </IntlProvider>
  );
}

describe('MultiTabs', () => {
  it('shows each visited page as a tab titled by its route, and closing the active one goes to its neighbour', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Frame />,
          children: [
            { path: 'a', element: <p>page a</p>, handle: { title: 'menu.a' } },
            { path: 'b', element: <p>page b</p>, handle: { title: 'menu.b' } },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    expect(tabTitles()).toEqual(['甲页']);
    await act(async () => fireEvent.click(screen.getByText('go b')));
    expect(tabTitles()).toEqual(['甲页', '乙页']);
    const closeB = document.querySelectorAll('.ant-tabs-tab-remove')[1] as HTMLElement;
    expect(closeB).toBeTruthy();
    await act(async () => fireEvent.click(closeB));
    expect(router.state.location.pathname).toBe('/a');
    expect(tabTitles()).toEqual(['甲页']);
  });
});
