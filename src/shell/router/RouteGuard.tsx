/**
 * The root route's element: applies decideNavigation (guard.ts) on every location, remembers the last
 * visited path (before any user info loads), loads user info when needed, finishes the progress bar,
 * scrolls to the top after 300 ms and keeps the document title in step with the route and locale.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { appConfig } from '../config';
import { setSession, useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { decideNavigation } from './guard';
import { lastPath, rememberPath } from './last-path';
import { finishNavigation } from './progress';
import { useDocumentTitle } from './use-document-title';
import { GuardPendingContext } from './guard-context';

export function RouteGuard() {
  const location = useLocation();
  const session = useSession();
  const shell = useShell();
  const full = location.pathname + location.search;

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    signedIn: session.signedIn,
    userLoaded: session.user !== null,
    sessionEnded: session.ended,
    lastPath: lastPath(),
    screenPaths: shell.screens.map((s) => s.path),
    rootRedirect: appConfig.session.rootRedirect,
    lastPathDefault: appConfig.session.lastPathDefault,
  });

  // Layout effect: the path is stored before the user-info request below starts (deep links).
  useLayoutEffect(() => {
    if (decision.remember) rememberPath(full);
  }, [full, decision.remember]);

  // Once /login shows, an ended session is an ordinary signed-out state again.
  useEffect(() => {
    if (session.ended && location.pathname === '/login') setSession({ ended: false });
  }, [session.ended, location.pathname]);

  // One attempt per location: a failure (other than 401) stays silent and is retried on the next navigation.
  const attempted = useRef<string | null>(null);
  useEffect(() => {
    if (decision.kind !== 'loadUser') {
      attempted.current = null;
      return;
    }
    if (attempted.current === full) return;
    attempted.current = full;
    void shell.ensureUser(lastPath() ?? appConfig.session.lastPathDefault);
  }, [decision.kind, full, shell]);

  useEffect(() => {
    if (decision.kind !== 'redirect') finishNavigation();
  }, [location.key, decision.kind]);

  useDocumentTitle();

  // Keyed by the location: each visit that is redirected navigates, even to the target already asked for.
  // After a sign-in the form and the guard (a signed-in /login) both navigate to the last visited path; when
  // that is /index?redirect=…, the second visit of it landed after the guard had sent the first on, and an
  // unkeyed Navigate, its target unchanged, did not fire again: a blank page at /index?redirect=….
  if (decision.kind === 'redirect') return <Navigate key={location.key} to={decision.to} replace />;
  return (
    <GuardPendingContext.Provider value={decision.kind === 'loadUser'}>
      <Outlet />
    </GuardPendingContext.Provider>
  );
}
