/**
 * The catch-all inside the layout: a screen path the user lacks the roles for → 403 (not 404);
 * an allowed screen whose route is being added right now → loading; anything else → 404.
 */
import { useLocation } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { accessOf } from './access';
import { LazyResultPage as ResultPage } from '../pages/LazyResultPage';
import { LoadingOverlay } from '../i18n/LoadingOverlay';

export function FallbackPage() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const { screens } = useShell();
  const access = user ? accessOf(screens, user.roles, pathname) : 'unknown';
  if (access === 'forbidden') return <ResultPage code="403" embedded />;
  if (access === 'allowed' && screens.some((s) => s.path === pathname)) return <LoadingOverlay />;
  return <ResultPage code="404" embedded />;
}
