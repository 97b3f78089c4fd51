/**
 * The root route's error element: a chunk lost to a deploy offers a reload (StaleBuildPage); any
 * other failure shows the generic error page. Either way the navigation is over: its progress bar ends.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { LazyResultPage } from '../pages/LazyResultPage';
import { StaleBuildPage } from '../pages/StaleBuildPage';
import { finishNavigation } from './progress';
import { isStaleBuildError } from './stale-build';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => finishNavigation(), [error]);
  return isStaleBuildError(error) ? <StaleBuildPage /> : <LazyResultPage code="error" />;
}
