/**
 * The redirect helper (spec §2): /redirect/<path> navigates to /<path> (query kept), replacing the
 * history entry; the kept-alive copy of the target is dropped first, so the route mounts afresh.
 * /common/redirect goes to its `redirect` query value (a local path) or the home page.
 *
 * @example
 * navigate('/redirect/order?status=pending') // → /order?status=pending, mounted anew
 */
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { appConfig } from '../config';
import { safeLocalPath } from './guard';
import { useKeepAlive } from '../layout/keep-alive-context';
import { LoadingOverlay } from '../i18n/LoadingOverlay';

export function redirectTarget(pathname: string, search: string, splat: string | undefined): string {
  if (pathname === '/common/redirect') {
    return safeLocalPath(new URLSearchParams(search).get('redirect')) ?? appConfig.session.lastPathDefault;
  }
  const rest = (splat ?? '').replace(/^\/+/, '');
  return `/${rest}${search}`;
}

export function RedirectPage() {
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const keepAlive = useKeepAlive();
  const target = redirectTarget(location.pathname, location.search, params['*']);
  // location.key too: once user info loads, the guard navigates again to this very /redirect URL (it is
  // the last visited path) and may land after this effect's own navigation; the repeat must redirect again.
  useEffect(() => {
    keepAlive.drop(target.split('?')[0]);
    navigate(target, { replace: true });
  }, [target, navigate, keepAlive, location.key]);
  return <LoadingOverlay />;
}
