/**
 * Keeps document.title at "<route title> - <app title>" in the current locale (spec §2: the title
 * follows the route and is updated after each navigation). A forbidden screen shows the 403 title.
 * Used by the guard and again by the layout, whose ProLayout would otherwise write the bare app title
 * when it mounts (its effect runs after the guard's).
 *
 * @example
 * useDocumentTitle();
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { appConfig } from '../config';
import { useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { accessOf } from './access';
import { documentTitle, titleKeyOf } from './title';

export function useDocumentTitle(): string {
  const matches = useMatches();
  const location = useLocation();
  const { user } = useSession();
  const { screens } = useShell();
  const intl = useIntl();
  const deepest = matches[matches.length - 1]?.handle as { fallback?: boolean } | undefined;
  let key = titleKeyOf(matches);
  if (deepest?.fallback) {
    // The catch-all also stands in for a screen whose route is still being added: title it as that screen.
    const screen = screens.find((s) => s.path === location.pathname);
    if (user && accessOf(screens, user.roles, location.pathname) === 'forbidden') key = 'error.403.title';
    else if (screen) key = screen.title;
  }
  const title = documentTitle(key ? intl.formatMessage({ id: key }) : null, intl.formatMessage({ id: appConfig.title }));
  useEffect(() => {
    document.title = title;
  }, [title, location.key]);
  return title;
}
