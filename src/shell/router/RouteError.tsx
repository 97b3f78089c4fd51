/**
 * The root route's error element: a chunk lost to a deploy offers a reload (StaleBuildPage); any
 * other failure shows the generic error page.
 */
import { useRouteError } from 'react-router-dom';
import { LazyResultPage } from '../pages/LazyResultPage';
import { StaleBuildPage } from '../pages/StaleBuildPage';
import { isStaleBuildError } from './stale-build';

export function RouteError() {
  const error = useRouteError();
  return isStaleBuildError(error) ? <StaleBuildPage /> : <LazyResultPage code="error" />;
}
