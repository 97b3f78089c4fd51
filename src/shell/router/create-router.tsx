/**
 * The data router: open routes, the layout route (home, redirect helper, catch-all) and, once the
 * user's info is in, their screen routes added under the layout (installScreenRoutes). Pages are lazy
 * so the login route ships without ProLayout or the renderer.
 *
 * @example
 * const router = createShellRouter(); installScreenRoutes(router, allowedScreens, preload);
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { getToken } from '../session/token';
import { preloadLayout, ShellLayout } from './layout-loader';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { Resource, ScreenRoute } from '../../schema';
import { appConfig } from '../config';
import { LoadingOverlay } from '../i18n/LoadingOverlay';
import { LazyResultPage as ResultPage } from '../pages/LazyResultPage';
import { RouteGuard } from './RouteGuard';
import { RedirectPage } from './RedirectPage';
import { FallbackPage } from './FallbackPage';
import { screenRouteId, screenRoutes } from './screen-routes';
import { startProgress } from './progress';
import { RouteError } from './RouteError';
import { watchStaleBuild } from './stale-build';

const LoginPage = lazy(() => import('../pages/LoginPage'));
const HomePage = lazy(() => import('../pages/HomePage'));

const page = (node: ReactNode) => <Suspense fallback={<LoadingOverlay fullScreen />}>{node}</Suspense>;

export const LAYOUT_ROUTE_ID = 'layout';

export function shellRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RouteGuard />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to={appConfig.session.rootRedirect} replace /> },
        { path: 'login', element: page(<LoginPage />), handle: { title: 'login.title' } },
        { path: '401', element: <ResultPage code="401" />, handle: { title: 'error.401.title' } },
        { path: '403', element: <ResultPage code="403" />, handle: { title: 'error.403.title' } },
        { path: '404', element: <ResultPage code="404" />, handle: { title: 'error.404.title' } },
        { path: 'error', element: <ResultPage code="error" />, handle: { title: 'error.error.title' } },
        {
          id: LAYOUT_ROUTE_ID,
          element: page(<ShellLayout />),
          children: [
            { path: 'index', element: <HomePage />, handle: { title: 'menu.index' } },
            { path: 'redirect/*', element: <RedirectPage />, handle: { keepAlive: false } },
            { path: 'common/redirect', element: <RedirectPage />, handle: { keepAlive: false } },
            { path: '*', element: <FallbackPage />, handle: { title: 'error.404.title', fallback: true } },
          ],
        },
      ],
    },
  ];
}

export type ShellRouter = ReturnType<typeof createBrowserRouter>;

export function createShellRouter(): ShellRouter {
  watchStaleBuild();
  if (getToken()) preloadLayout();
  startProgress(); // the first navigation: finished by the guard once the first route shows
  // later navigations: a screen route's loader starts the bar (the only routes with a loading state)
  return createBrowserRouter(shellRoutes());
}

const installed = new WeakMap<ShellRouter, Set<string>>();

/** Adds the routes of `screens` (already filtered by the user's roles) that are not there yet. */
export function installScreenRoutes(router: ShellRouter, screens: readonly ScreenRoute[], preload?: (resource?: Resource) => void | Promise<void>): void {
  const have = installed.get(router) ?? new Set<string>();
  installed.set(router, have);
  const fresh = screens.filter((s) => !have.has(screenRouteId(s)));
  if (!fresh.length) return;
  router.patchRoutes(LAYOUT_ROUTE_ID, screenRoutes(fresh, preload));
  for (const s of fresh) have.add(screenRouteId(s));
}
