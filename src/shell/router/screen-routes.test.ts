// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resource, ScreenRoute } from '../../schema';
import { finishNavigation } from './progress';
import { drawableAhead, FIRST_ANSWERS_WAIT_MS, loadScreenSchema, loadScreenSchemas, screenRoutes, startScreenCalls } from './screen-routes';
import { shareKeptPages } from '../layout/keep-alive-context';
import { PRESS_TTL_MS, clearPrefetched, takePrefetched } from '../request/prefetch';
import { callHeaders } from '../request/client';
import { setSession } from '../session/session-store';
import type { RuntimeUser } from '../../engine/runtime';

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

const listed = {
  name: 'people',
  fields: { name: { type: 'string', title: 'people.name', search: true }, status: { type: 'string', title: 'people.status' } },
  api: {
    list: { method: 'GET', path: '/people/list', input: { search: true, page: true }, result: 'page' },
    count: { method: 'GET', path: '/people/count', input: { search: true }, result: 'counts' },
  },
  list: { api: 'list', columns: ['name'], tabs: { field: 'status', counts: 'count' } },
} as unknown as Resource;
const peopleScreen: ScreenRoute = {
  name: 'people',
  path: '/people',
  title: 'menu.people',
  roles: [],
  hidden: false,
  menuOrder: 2,
  kind: 'resource',
  load: async () => listed,
};

/** The URLs fetched from now on, each answered with an empty page. */
const recordRequests = () => {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    sent.push(String(url));
    return new Response('{"code":0,"msg":"ok","data":{"list":[],"total":0}}', { status: 200 });
  });
  return sent;
};
/** No fetch stub, prefetched answer, kept page or user left for the next test. */
const forgetAll = () => {
  vi.unstubAllGlobals();
  clearPrefetched();
  shareKeptPages(new Map());
  setSession({ user: null });
};
const signIn = (roles: string[]) => setSession({ user: { id: '1', username: 'u', nickname: 'u', roles } as unknown as RuntimeUser });

describe('a list screen route asks for its first data as the navigation starts', () => {
  afterEach(forgetAll);

  it("sends the list and count requests of the URL's state from the loader, before the screen renders; a kept page asks nothing", async () => {
    const sent = recordRequests();
    signIn(['dispatcher']);
    const [route] = screenRoutes([peopleScreen]);
    const load = route.loader as (args: { request: Request }) => unknown;
    load({ request: new Request('http://localhost/people?name=lin&current=2') });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toBe('/api/people/list?name=lin&current=2&pageSize=20');
    expect(sent[1]).toBe('/api/people/count?name=lin');
    finishNavigation(0);

    clearPrefetched();
    sent.length = 0;
    shareKeptPages(new Map([['/people', {}]]));
    load({ request: new Request('http://localhost/people') });
    await sleep(50);
    expect(sent, 'a kept page shows as it was').toEqual([]);
    finishNavigation(0);
  });

  it('with the schema in, the navigation waits for the first answers (the page renders once, with its rows), but not past the bound', async () => {
    const answers: (() => void)[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const body = String(url).includes('/count') ? '{"code":0,"msg":"ok","data":{}}' : '{"code":0,"msg":"ok","data":{"list":[],"total":0}}';
      return new Promise<Response>((resolve) => answers.push(() => resolve(new Response(body, { status: 200 }))));
    });
    signIn(['dispatcher']);
    const [route] = screenRoutes([peopleScreen]);
    const load = route.loader as (args: { request: Request }) => Promise<unknown> | null;
    await loadScreenSchema(peopleScreen);
    let done = false;
    void Promise.resolve(load({ request: new Request('http://localhost/people?current=3') })).then(() => (done = true));
    await waitFor(() => expect(answers).toHaveLength(2));
    await sleep(30);
    expect(done, 'waiting for the list and the counts').toBe(false);
    answers[0]();
    await sleep(30);
    expect(done, 'the counts are not in yet').toBe(false);
    answers[1]();
    await waitFor(() => expect(done).toBe(true));
    finishNavigation(0);

    // an answer that takes longer is not waited for: the page shows loading, as without the wait
    clearPrefetched();
    answers.length = 0;
    done = false;
    const started = Date.now();
    void Promise.resolve(load({ request: new Request('http://localhost/people?current=4') })).then(() => (done = true));
    await waitFor(() => expect(done).toBe(true), { timeout: FIRST_ANSWERS_WAIT_MS + 1000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_ANSWERS_WAIT_MS - 5);
    expect(answers, 'its requests went out').toHaveLength(2);
    answers.forEach((a) => a());
    finishNavigation(0);
  });

  it("with the schema in, the navigation waits for what the screen's preload loads with it too (a list's cell chunks)", async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(new Response(String(url).includes('/count') ? '{"code":0,"msg":"ok","data":{}}' : '{"code":0,"msg":"ok","data":{"list":[],"total":0}}')),
    );
    signIn(['dispatcher']);
    let loaded: () => void = () => {};
    const preloaded: unknown[] = [];
    const [route] = screenRoutes([peopleScreen], (resource) => {
      preloaded.push(resource);
      return resource ? new Promise<void>((r) => (loaded = r)) : undefined;
    });
    const load = route.loader as (args: { request: Request }) => Promise<unknown> | null;
    const schema = await loadScreenSchema(peopleScreen);
    let done = false;
    void Promise.resolve(load({ request: new Request('http://localhost/people?current=5') })).then(() => (done = true));
    await waitFor(() => expect(preloaded).toEqual([undefined, schema]));
    await sleep(50);
    expect(done, 'the answers are in, the cells are not').toBe(false);
    loaded();
    await waitFor(() => expect(done).toBe(true));
    finishNavigation(0);
  });

  it('asks nothing for a screen the user may not open (it shows 403; its calls would be refused)', async () => {
    const sent = recordRequests();
    signIn(['dispatcher']);
    const [route] = screenRoutes([{ ...peopleScreen, roles: ['admin'] }]);
    (route.loader as (args: { request: Request }) => unknown)({ request: new Request('http://localhost/people') });
    await sleep(50);
    expect(sent).toEqual([]);
    finishNavigation(0);
    signIn(['admin']);
    (route.loader as (args: { request: Request }) => unknown)({ request: new Request('http://localhost/people') });
    await waitFor(() => expect(sent).toHaveLength(2));
    finishNavigation(0);
  });
});

describe("a menu click sends a list's first calls itself", () => {
  afterEach(forgetAll);

  it('before any other work of the click (in its first microtask), once; the loader then sends nothing more', async () => {
    const sent = recordRequests();
    signIn(['dispatcher']);
    const screen: ScreenRoute = { ...peopleScreen, name: 'menuPeople', path: '/menu-people' };
    const [route] = screenRoutes([screen]);

    // its schema not in yet: left to the loader
    startScreenCalls('/menu-people');
    await sleep(20);
    expect(sent).toEqual([]);

    await loadScreenSchema(screen);
    startScreenCalls('/menu-people?name=lin');
    // the click's own later work comes after this microtask (React renders the click in one queued after it)
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual(['/api/people/list?name=lin&current=1&pageSize=20', '/api/people/count?name=lin']);
    (route.loader as (args: { request: Request }) => unknown)({ request: new Request('http://localhost/menu-people?name=lin') });
    await sleep(30);
    expect(sent, 'the loader finds them on their way').toHaveLength(2);
    finishNavigation(0);

    // a kept page shows as it was; a path with no screen asks nothing
    clearPrefetched();
    sent.length = 0;
    shareKeptPages(new Map([['/menu-people', {}]]));
    startScreenCalls('/menu-people');
    startScreenCalls('/nowhere');
    await sleep(20);
    expect(sent).toEqual([]);
  });

  it('a press sends them for a short while; the click that follows sends nothing more and keeps them', async () => {
    const sent = recordRequests();
    signIn(['dispatcher']);
    const screen: ScreenRoute = { ...peopleScreen, name: 'pressPeople', path: '/press-people' };
    screenRoutes([screen]);
    await loadScreenSchema(screen);
    const list = '/api/people/list?current=1&pageSize=20';
    const headers = callHeaders({ path: '/people/list' });
    // a press that ends elsewhere: its answers are not handed to a click long after
    startScreenCalls('/press-people', PRESS_TTL_MS);
    await waitFor(() => expect(sent).toEqual([list, '/api/people/count']));
    expect(takePrefetched(list, headers, Date.now() + PRESS_TTL_MS + 50)).toBeUndefined();
    // a press, then its click
    clearPrefetched();
    sent.length = 0;
    startScreenCalls('/press-people', PRESS_TTL_MS);
    startScreenCalls('/press-people');
    await sleep(20);
    expect(sent).toEqual([list, '/api/people/count']);
    expect(takePrefetched(list, headers, Date.now() + PRESS_TTL_MS + 50)).toBeDefined();
  });

  it('asks nothing for a screen the user may not open', async () => {
    const sent = recordRequests();
    signIn(['dispatcher']);
    const screen: ScreenRoute = { ...peopleScreen, name: 'adminPeople', path: '/admin-people', roles: ['admin'] };
    screenRoutes([screen]);
    await loadScreenSchema(screen);
    startScreenCalls('/admin-people');
    await sleep(20);
    expect(sent).toEqual([]);
  });
});

describe('a screen whose schema is already in', () => {
  it('renders in the first render: use() reads the schema loaded in the background without suspending', async () => {
    const { createElement, Suspense, use } = await import('react');
    const { render, screen: view } = await import('@testing-library/react');
    const screen: ScreenRoute = { ...screenLoadedOn(Promise.resolve()), name: 'preloadedScreen', path: '/preloaded' };
    // the idle preload of the menu's screens
    await loadScreenSchema(screen);
    let fallbacks = 0;
    const Fallback = () => {
      fallbacks++;
      return null;
    };
    const Body = () => createElement('span', null, (use(loadScreenSchema(screen)) as { name: string }).name);
    render(createElement(Suspense, { fallback: createElement(Fallback) }, createElement(Body)));
    expect(view.getByText('slowScreen')).toBeTruthy();
    expect(fallbacks, 'the screen never showed its fallback').toBe(0);
  });
});

describe('drawableAhead', () => {
  it('is true for a resource screen once its schema is in, not before, and never for another kind or path', async () => {
    let arrive!: () => void;
    const list: ScreenRoute = { ...screenLoadedOn(new Promise<void>((r) => (arrive = r))), name: 'aheadList', path: '/ahead-list' };
    const custom: ScreenRoute = { ...list, name: 'aheadCustom', path: '/ahead-custom', kind: 'custom', load: () => Promise.resolve(listed) };
    screenRoutes([list, custom]);
    expect(drawableAhead('/ahead-list')).toBe(false);
    const loading = loadScreenSchema(list);
    expect(drawableAhead('/ahead-list')).toBe(false);
    arrive();
    await loading;
    expect(drawableAhead('/ahead-list')).toBe(true);
    expect(drawableAhead('/ahead-list?name=x')).toBe(true);
    await loadScreenSchema(custom);
    expect(drawableAhead('/ahead-custom')).toBe(false);
    expect(drawableAhead('/nowhere')).toBe(false);
  });
});

describe('loadScreenSchemas', () => {
  it('gives each screen with its schema, leaving out external links and schemas that failed to load', async () => {
    const ok: ScreenRoute = { ...screenLoadedOn(Promise.resolve()), name: 'menuOk', path: '/menu-ok', load: () => Promise.resolve(listed) };
    const failing: ScreenRoute = { ...ok, name: 'menuFailing', path: '/menu-failing', load: () => Promise.reject(new Error('chunk gone')) };
    const external: ScreenRoute = {
      ...ok,
      name: 'menuExternal',
      path: '/menu-external',
      externalUrl: 'https://example.com',
      load: vi.fn(() => Promise.resolve(listed)),
    };
    const loaded = await loadScreenSchemas([ok, failing, external]);
    expect(loaded.map((l) => [l.screen.name, l.resource])).toEqual([['menuOk', listed]]);
    expect(external.load).not.toHaveBeenCalled();
  });
});
