import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardDecision, type GuardInput } from './guard';
import { accessOf, menuScreens } from './access';
import { documentTitle, titleKeyOf } from './title';
import type { ScreenRoute } from '../../schema';

const base: GuardInput = {
  pathname: '/',
  search: '',
  signedIn: false,
  userLoaded: false,
  lastPath: null,
  screenPaths: ['/order', '/merchant', '/staff'],
  rootRedirect: '/order',
  lastPathDefault: '/index',
};

type Row = [string, Partial<GuardInput>, GuardDecision];
const rows: Row[] = [
  ['/ goes to /order', { pathname: '/' }, { kind: 'redirect', to: '/order', remember: false }],
  ['/ goes to /order when signed in too', { pathname: '/', signedIn: true, userLoaded: true }, { kind: 'redirect', to: '/order', remember: false }],
  [
    'signed out, screen route → /index with the encoded full path',
    { pathname: '/merchant', search: '?status=1&x=a b' },
    { kind: 'redirect', to: '/index?redirect=%2Fmerchant%3Fstatus%3D1%26x%3Da%20b', remember: false },
  ],
  ['signed out, nested screen path → /index?redirect', { pathname: '/order/123' }, { kind: 'redirect', to: '/index?redirect=%2Forder%2F123', remember: false }],
  ['signed out, /login is open and not remembered', { pathname: '/login' }, { kind: 'allow', remember: false }],
  ['signed out, /index is open', { pathname: '/index', search: '?redirect=%2Forder' }, { kind: 'allow', remember: true }],
  ['signed out, /401 is open', { pathname: '/401' }, { kind: 'allow', remember: true }],
  ['signed out, /403 is open', { pathname: '/403' }, { kind: 'allow', remember: true }],
  ['signed out, /404 is open', { pathname: '/404' }, { kind: 'allow', remember: true }],
  ['signed out, /error is open', { pathname: '/error' }, { kind: 'allow', remember: true }],
  ['signed out, /common/redirect is open', { pathname: '/common/redirect' }, { kind: 'allow', remember: true }],
  ['signed out, /redirect/* is open', { pathname: '/redirect/order' }, { kind: 'allow', remember: true }],
  [
    'session just refused by the server, screen route → /login',
    { pathname: '/order', sessionEnded: true },
    { kind: 'redirect', to: '/login', remember: false },
  ],
  ['session just refused, open route → allowed', { pathname: '/login', sessionEnded: true }, { kind: 'allow', remember: false }],
  ['signed out, unknown path → catch-all 404 (open)', { pathname: '/nowhere' }, { kind: 'allow', remember: true }],
  [
    'signed in, /login with redirect → decoded redirect',
    { pathname: '/login', search: '?redirect=%2Fmerchant%3Fstatus%3D1', signedIn: true, lastPath: '/staff' },
    { kind: 'redirect', to: '/merchant?status=1', remember: false },
  ],
  [
    'signed in, /login without redirect → last visited path',
    { pathname: '/login', signedIn: true, userLoaded: true, lastPath: '/staff?current=2' },
    { kind: 'redirect', to: '/staff?current=2', remember: false },
  ],
  ['signed in, /login, nothing remembered → /index', { pathname: '/login', signedIn: true }, { kind: 'redirect', to: '/index', remember: false }],
  [
    'signed in, /login with a foreign redirect → last path',
    { pathname: '/login', search: '?redirect=%2F%2Fevil.example', signedIn: true, lastPath: '/order' },
    { kind: 'redirect', to: '/order', remember: false },
  ],
  [
    'signed in without user info, screen route → load user (path remembered first)',
    { pathname: '/merchant', search: '?status=1', signedIn: true },
    { kind: 'loadUser', remember: true },
  ],
  ['signed in without user info, /redirect route → load user', { pathname: '/redirect/order', signedIn: true }, { kind: 'loadUser', remember: true }],
  ['signed in without user info, /index → allowed (open)', { pathname: '/index', signedIn: true }, { kind: 'allow', remember: true }],
  // a sign-out passes through /index?redirect=… (remembered), so the next sign-in's last visited path is often that stop
  [
    'signed in, /index with a redirect → the decoded redirect, not a home page holding it',
    { pathname: '/index', search: '?redirect=%2Fstore%3Fname%3Dx', signedIn: true },
    { kind: 'redirect', to: '/store?name=x', remember: false },
  ],
  [
    'signed in with user info, /index with a redirect → the decoded redirect',
    { pathname: '/index', search: '?redirect=%2Fmerchant%3Fstatus%3Denabled', signedIn: true, userLoaded: true },
    { kind: 'redirect', to: '/merchant?status=enabled', remember: false },
  ],
  [
    'signed in, /index with a foreign redirect → home',
    { pathname: '/index', search: '?redirect=%2F%2Fevil.example', signedIn: true, userLoaded: true },
    { kind: 'allow', remember: true },
  ],
  [
    'signed in, /index with a redirect to /login → home (/login would go back to the last path: a loop)',
    { pathname: '/index', search: '?redirect=%2Flogin%3Fx%3D1', signedIn: true, userLoaded: true, lastPath: '/index?redirect=%2Flogin%3Fx%3D1' },
    { kind: 'allow', remember: true },
  ],
  [
    'signed in, /login whose last visited path is a signed-out stop → that stop (it goes on to its redirect)',
    { pathname: '/login', signedIn: true, lastPath: '/index?redirect=%2Fstore%3Fname%3Dx' },
    { kind: 'redirect', to: '/index?redirect=%2Fstore%3Fname%3Dx', remember: false },
  ],
  ['signed in without user info, /404 → allowed', { pathname: '/404', signedIn: true }, { kind: 'allow', remember: true }],
  ['signed in with user info, screen route → allowed', { pathname: '/staff', signedIn: true, userLoaded: true }, { kind: 'allow', remember: true }],
  ['signed in with user info, /redirect route → allowed', { pathname: '/redirect/staff', signedIn: true, userLoaded: true }, { kind: 'allow', remember: true }],
  ['signed in with user info, unknown → allowed (404 page)', { pathname: '/nowhere', signedIn: true, userLoaded: true }, { kind: 'allow', remember: true }],
];

describe('decideNavigation', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(decideNavigation({ ...base, ...input })).toEqual(expected);
  });
});

const screen = (path: string, roles: string[], hidden = false, menuOrder = 0): ScreenRoute => ({
  name: path.slice(1),
  path,
  title: `menu.${path.slice(1)}`,
  roles,
  hidden,
  menuOrder,
  kind: 'resource',
  load: async () => ({ name: path.slice(1) }),
});

describe('access', () => {
  const screens = [screen('/staff', ['admin', 'finance'], false, 40), screen('/order', [], false, 10), screen('/secret', ['admin'], true, 50)];

  it('shows a route with roles only to holders, one without roles to anyone signed in, hidden never', () => {
    expect(menuScreens(screens, ['finance']).map((s) => s.path)).toEqual(['/order', '/staff']);
    expect(menuScreens(screens, ['dispatcher']).map((s) => s.path)).toEqual(['/order']);
    expect(menuScreens(screens, ['admin']).map((s) => s.path)).toEqual(['/order', '/staff']);
  });

  it('tells a forbidden screen (403) from an unknown path (404)', () => {
    expect(accessOf(screens, ['dispatcher'], '/staff')).toBe('forbidden');
    expect(accessOf(screens, ['admin'], '/secret')).toBe('allowed');
    expect(accessOf(screens, ['dispatcher'], '/order')).toBe('allowed');
    expect(accessOf(screens, ['admin'], '/staffing')).toBe('unknown');
  });
});

describe('title', () => {
  it('formats "<title> - <app title>"', () => {
    expect(documentTitle('订单管理', '后台管理系统')).toBe('订单管理 - 后台管理系统');
    expect(documentTitle(undefined, 'Back Office')).toBe('Back Office');
  });
  it('takes the deepest route title', () => {
    expect(titleKeyOf([{ handle: { title: 'a' } }, {}, { handle: { title: 'menu.order' } }])).toBe('menu.order');
    expect(titleKeyOf([{}, {}])).toBeUndefined();
  });
});
