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
import { afterPaint } from '../../engine/after-paint';
import { isKeptAlive } from '../layout/keep-alive-context';

export function useRouterNavigate(): (to: string, opts?: { replace?: boolean }) => void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router) throw new Error('useRouterNavigate needs a data router (createBrowserRouter / createMemoryRouter)');
  return useCallback(
    (to: string, opts?: { replace?: boolean }) => {
      // A kept page is shown after the click that asks for it has painted: once the first page is up
      // its navigation renders at once (no transition: use-navigation-transitions.ts), and its style
      // and layout held the click's frame back (Event Timing of a menu click back to /order: median
      // 80 ms → 32, the page ~5 ms later). A page mounting afresh waits for its loader anyway.
      if (isKeptAlive(new URL(to, window.location.href).pathname)) afterPaint(() => void router.navigate(to, opts));
      else void router.navigate(to, opts);
    },
    [router],
  );
}
