// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import shellZh from '../../locales/zh-CN/shell.json';
import type { Resource, ScreenRoute } from '../schema';
import { Shell } from './Shell';
import { configureAuth } from './session/auth-bindings';
import { setSession } from './session/session-store';
import { Link, useLocation } from 'react-router-dom';
import { memo, useContext, useLayoutEffect } from 'react';
import { ProProvider } from '@ant-design/pro-components';

// Counts the layout frame's renders (ProLayout: header, menu, footer).
const frame = vi.hoisted(() => ({ renders: 0 }));
vi.mock('@ant-design/pro-components', async (importOriginal) => {
  const pro = await importOriginal<typeof import('@ant-design/pro-components')>();
  const Counted = (props: Parameters<typeof pro.ProLayout>[0]) => {
    frame.renders++;
    return <pro.ProLayout {...props} />;
  };
  return { ...pro, ProLayout: Counted };
});

const zh: Record<string, string> = {
  ...shellZh,
  'menu.alpha': '甲管理',
  'menu.beta': '乙管理',
  'menu.gamma': '丙管理',
};

const gammaLoads = vi.hoisted(() => ({ count: 0 }));
const screens: ScreenRoute[] = [
  { name: 'alpha', path: '/alpha', title: 'menu.alpha', roles: [], hidden: false, menuOrder: 1, kind: 'resource', load: async () => ({ name: 'alpha' }) },
  { name: 'beta', path: '/beta', title: 'menu.beta', roles: ['admin'], hidden: false, menuOrder: 2, kind: 'resource', load: async () => ({ name: 'beta' }) },
  // opened by no test: its schema loads only in the background
  {
    name: 'gamma',
    path: '/gamma',
    title: 'menu.gamma',
    roles: ['admin'],
    hidden: false,
    menuOrder: 3,
    kind: 'resource',
    load: async () => {
      gammaLoads.count++;
      return { name: 'gamma' };
    },
  },
];

// Renders of a component that reads the context every Pro component reads (ProTable, ProForm, fields).
const proReads = vi.hoisted(() => new Map<string, number>());
const ProReader = memo(function ProReader({ name }: { name: string }) {
  useContext(ProProvider);
  proReads.set(name, (proReads.get(name) ?? 0) + 1);
  return null;
});

// The frame's render count as each screen's page first committed.
const framesAtMount = vi.hoisted(() => new Map<string, number>());

function ScreenView({ resource }: { resource: Resource }) {
  const { search } = useLocation();
  useLayoutEffect(() => void framesAtMount.set(resource.name, frame.renders), [resource.name]);
  return (
    <div>
      <ProReader name={resource.name} />
      screen {resource.name}
      <Link to="?page=2">next page</Link>
      <span data-testid="search">{search}</span>
    </div>
  );
}

let userInfo: () => Response;
const seen: string[] = [];

beforeAll(() => {
  configureAuth({
    name: 'auth',
    api: {
      login: { method: 'POST', path: '/user/login', public: true },
      info: { method: 'GET', path: '/user/info' },
      logout: { method: 'POST', path: '/user/logout' },
    },
  });
  vi.stubGlobal('fetch', async (url: string) => {
    const u = String(url);
    seen.push(u);
    if (u.startsWith('/locales/')) return new Response(JSON.stringify(zh), { status: 200 });
    if (u.startsWith('/api/user/info')) return userInfo();
    if (u.startsWith('/api/user/login')) return new Response('{"code":0,"msg":"ok","data":{"token":"tok2"}}', { status: 200 });
    return new Response('{"code":0,"msg":"ok","data":null}', { status: 200 });
  });
});
// ProLayout's menu items set state 400 ms after they mount: let those timers fire while the page's
// window still exists (after the file, the environment is gone and React would throw on it).
afterAll(() => new Promise((r) => setTimeout(r, 600)));
afterEach(() => {
  cleanup();
  localStorage.clear();
  setSession({ signedIn: false, user: null, status: 'idle', ended: false });
  seen.length = 0;
});

async function open(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(<Shell screens={screens} loadIcons={async () => ({})} ScreenView={ScreenView} />);
  });
}

const envelope = (data: unknown, status = 200, code = 0) => new Response(JSON.stringify({ code, msg: code ? 'no' : 'ok', data }), { status });

/** Signed in as an admin on /alpha, the page shown and settled (ProLayout's menu timers fired). */
async function openAlphaAsAdmin() {
  localStorage.setItem('Authorization', 'tok');
  userInfo = () => envelope({ id: '1', username: 'a', nickname: '甲', roles: ['admin'] });
  await open('/alpha');
  await waitFor(() => expect(view.getByText(/screen alpha/)).toBeTruthy(), { timeout: 45000 });
  await new Promise((r) => setTimeout(r, 300));
}

describe('Shell guard (happy-dom, mocked fetch)', () => {
  it('sends a signed-out visitor of a screen to /index with the encoded redirect', async () => {
    await open('/alpha?status=1');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/index?redirect=%2Falpha%3Fstatus%3D1'), { timeout: 45000 });
  }, 60000);

  it("the header's sign-in button, like the page's own, keeps the redirect, so the sign-in lands on the page asked for", async () => {
    await open('/alpha?status=enabled');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/index?redirect=%2Falpha%3Fstatus%3Denabled'), { timeout: 45000 });
    const header = await waitFor(() => view.getByTestId('header-sign-in'), { timeout: 45000 });
    const page = await waitFor(() => view.getByTestId('home-sign-in'), { timeout: 45000 });
    expect(header.textContent).toBe('登录');
    expect(page.closest('a')?.getAttribute('href')).toBe('/login?redirect=%2Falpha%3Fstatus%3Denabled');
    expect(header.closest('a')?.getAttribute('href')).toBe('/login?redirect=%2Falpha%3Fstatus%3Denabled');
    await act(async () => {
      header.click();
    });
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2Falpha%3Fstatus%3Denabled'), { timeout: 45000 });
  }, 60000);

  it('a sign-in from the form after a sign-out lands on the page signed out from, not on the home page holding its redirect', async () => {
    // What a sign-out from /alpha?name=x leaves in a browser (e2e/auth.e2e.ts goes through it): the guard
    // sent the page, no longer open, to its signed-out stop, remembered as the last visited path, then /login.
    localStorage.setItem('lastPath', '/index?redirect=%2Falpha%3Fname%3Dx');
    userInfo = () => envelope({ id: '1', username: 'a', nickname: '甲', roles: ['admin'] });
    await open('/login');
    const form = await waitFor(() => view.getByRole('main'), { timeout: 45000 });
    fireEvent.change(within(form).getByPlaceholderText('请输入用户名'), { target: { value: 'a' } });
    fireEvent.change(within(form).getByPlaceholderText('请输入密码'), { target: { value: 'pw' } });
    await act(async () => {
      within(form)
        .getByRole('button', { name: /登\s*录/ })
        .click();
    });
    await waitFor(() => expect(view.getByText(/screen alpha/)).toBeTruthy(), { timeout: 45000 });
    expect(window.location.pathname + window.location.search).toBe('/alpha?name=x');
  }, 60000);

  it('a deep link lands where it points once the user info is in (path remembered first)', async () => {
    localStorage.setItem('Authorization', 'tok');
    userInfo = () => envelope({ id: '1', username: 'a', nickname: '甲', roles: ['admin'] });
    await open('/beta?page=2');
    await waitFor(() => expect(view.getByText('screen beta')).toBeTruthy(), { timeout: 45000 });
    expect(window.location.pathname + window.location.search).toBe('/beta?page=2');
    expect(localStorage.getItem('lastPath')).toBe('/beta?page=2');
    await waitFor(() => expect(document.title).toBe('乙管理 - 后台管理系统'), { timeout: 45000 });
  }, 60000);

  it('shows 403 (not 404) for a screen the user lacks the role for', async () => {
    localStorage.setItem('Authorization', 'tok');
    userInfo = () => envelope({ id: '2', username: 'd', nickname: '乙', roles: ['dispatcher'] });
    await open('/beta');
    await waitFor(() => expect(view.getByText('403')).toBeTruthy(), { timeout: 45000 });
    await waitFor(() => expect(document.title).toBe('无权访问 - 后台管理系统'), { timeout: 45000 });
  }, 60000);

  it('goes to /401 on HTTP 401 while loading user info', async () => {
    localStorage.setItem('Authorization', 'tok');
    userInfo = () => envelope(null, 401, 40100);
    await open('/alpha');
    await waitFor(() => expect(window.location.pathname).toBe('/401'), { timeout: 45000 });
    await waitFor(() => expect(view.getByText('401')).toBeTruthy(), { timeout: 45000 });
  }, 60000);

  it("a search-only change (a list's page, tab or filter) re-renders the page, not the layout frame", async () => {
    await openAlphaAsAdmin();
    const before = frame.renders;
    await act(async () => {
      view.getByText('next page').click();
    });
    await waitFor(() => expect(view.getByTestId('search').textContent).toBe('?page=2'), { timeout: 45000 });
    expect(window.location.search).toBe('?page=2');
    expect(frame.renders).toBe(before);
    // a new path does re-render it (the menu's selected item)
    await act(async () => {
      view.getByText('乙管理').click();
    });
    await waitFor(() => expect(view.getByText(/screen beta/)).toBeTruthy(), { timeout: 45000 });
    expect(frame.renders).toBeGreaterThan(before);
  }, 60000);

  it('a menu click shows the page first and marks the menu in a commit of its own', async () => {
    await openAlphaAsAdmin();
    const before = frame.renders;
    await act(async () => {
      view.getByText('乙管理').click();
    });
    await waitFor(() => expect(view.getByText(/screen beta/)).toBeTruthy(), { timeout: 45000 });
    // the page committed without the frame drawing again (ProLayout is ~300 components to redraw)
    expect(framesAtMount.get('beta')).toBe(before);
    await waitFor(() => expect(document.querySelector('.ant-menu-item-selected')?.textContent).toBe('乙管理'), { timeout: 5000 });
    expect(frame.renders).toBeGreaterThan(before);
  }, 60000);

  it("loads the other menu screens' schemas once the page is up, without going there", async () => {
    await openAlphaAsAdmin();
    await waitFor(() => expect(gammaLoads.count).toBe(1), { timeout: 5000 });
    expect(window.location.pathname).toBe('/alpha');
  }, 60000);

  it('a path change re-renders the frame but not the Pro components of the pages (kept or shown)', async () => {
    await openAlphaAsAdmin();
    const alpha = proReads.get('alpha');
    const frames = frame.renders;
    await act(async () => {
      view.getByText('乙管理').click();
    });
    await waitFor(() => expect(view.getByText(/screen beta/)).toBeTruthy(), { timeout: 45000 });
    await new Promise((r) => setTimeout(r, 300));
    const beta = proReads.get('beta');
    await act(async () => {
      view.getByText('甲管理').click();
    });
    await new Promise((r) => setTimeout(r, 300)); // the hidden page's low-priority renders, if any
    expect(frame.renders, 'the menu follows the path').toBeGreaterThan(frames);
    // ProLayout hands its token to the Pro context: a new object each frame render re-rendered every
    // table, form and field of every kept page on each menu click
    expect(proReads.get('alpha'), 'the kept page, hidden and shown again').toBe(alpha);
    expect(proReads.get('beta'), 'the page left').toBe(beta);
  }, 60000);
});
