/**
 * Keep-alive of visited pages (app.json layout.keepAlive): each visited path's route element stays
 * mounted and only the active one is shown (KeptPage: hidden pages keep their state — filters, page,
 * selection — and their layout, so showing one again is only a paint). Each kept page sees the
 * location it was last shown at, so a hidden list does not react to another page's URL. Routes with handle.keepAlive
 * false (the redirect helper) are never kept.
 *
 * @example
 * <KeepAliveOutlet enabled={app.layout.keepAlive} renderTabs={(tabs) => <MultiTabs tabs={tabs} />} />
 */
import { Suspense, useCallback, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router-dom';
import { titleKeyOf } from '../router/title';
import { LoadingOverlay } from '../i18n/LoadingOverlay';
import { KeepAliveContext } from './keep-alive-context';
import { KeptPage } from './KeptPage';

export interface Kept {
  element: ReactNode;
  titleKey?: string;
  /** the location context the page sees (its last location): the same object while that location stays */
  nav: { location: Location; navigationType: NavigationType };
}

/** The kept pages by pathname; owned by the layout so its menu can return to a page's last URL. */
export type KeptPages = Map<string, Kept>;

export interface KeptTab {
  path: string;
  titleKey?: string;
  location: Location;
}

export function KeepAliveOutlet({
  enabled,
  renderTabs,
  pages,
}: {
  enabled: boolean;
  renderTabs?: (tabs: KeptTab[], active: string, close: (path: string) => void) => ReactNode;
  /** pass the layout's map to share it; a private one otherwise */
  pages?: KeptPages;
}) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const own = useRef<KeptPages>(new Map());
  const cache = { current: pages ?? own.current };
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const keepable = enabled && (matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined)?.keepAlive !== false;
  const path = location.pathname;
  // A page dropped while still current (its tab closed) is not kept again before the location moves on.
  const leaving = useRef<string | null>(null);
  if (leaving.current !== path) leaving.current = null;
  if (keepable && leaving.current !== path) {
    const was = cache.current.get(path)?.nav;
    const nav = was && was.location === location && was.navigationType === navigationType ? was : { location, navigationType };
    cache.current.set(path, { element: outlet, titleKey: titleKeyOf(matches), nav });
  }

  const current = useRef(path);
  current.current = path;
  const drop = useCallback((p: string) => {
    if (p === current.current) leaving.current = p;
    if (cache.current.delete(p)) rerender();
  }, []);
  const api = useMemo(() => ({ drop }), [drop]);

  const entries = [...cache.current.entries()];
  const tabs = renderTabs?.(
    entries.map(([p, k]) => ({ path: p, titleKey: k.titleKey, location: k.nav.location })),
    path,
    drop,
  );

  return (
    <KeepAliveContext.Provider value={api}>
      {tabs}
      {entries.map(([p, kept]) => (
        <KeptPage key={p} active={p === path}>
          <UNSAFE_LocationContext.Provider value={kept.nav}>
            <Suspense fallback={<LoadingOverlay />}>{kept.element}</Suspense>
          </UNSAFE_LocationContext.Provider>
        </KeptPage>
      ))}
      {!keepable && (
        // keyed by route: another route mounts afresh even when it uses the same component
        <Suspense key={matches[matches.length - 1]?.id} fallback={<LoadingOverlay />}>
          {outlet}
        </Suspense>
      )}
    </KeepAliveContext.Provider>
  );
}
