/**
 * `navigate` without subscribing to the route tree: react-router's useNavigate reads the route
 * context, which is new on every navigation, search-only ones included (a list's page, tab or
 * filter), so each of its users drew again after every list click (the header's user menu and live
 * bell among them: ~30 components of each click's URL commit). The data router's own navigate is the
 * same function for good.
 *
 * @example
 * const navigate = useRouterNavigate();
 * navigate('/login', { replace: true });
 */
import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';

export function useRouterNavigate(): (to: string, opts?: { replace?: boolean }) => void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router) throw new Error('useRouterNavigate needs a data router (createBrowserRouter / createMemoryRouter)');
  return useCallback((to: string, opts?: { replace?: boolean }) => void router.navigate(to, opts), [router]);
}
