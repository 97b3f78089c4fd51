/**
 * Keep-alive of visited pages (app.json layout.keepAlive): each visited path's route element stays
 * mounted and only the active one is shown (KeptPage: hidden pages keep their state — filters, page,
 * selection — and their layout, so showing one again is only a paint). Each kept page sees the
 * location it was last shown at, so a hidden list does not react to another page's URL. Routes with handle.keepAlive
 * false (the redirect helper) are never kept.
 *
 * Pages the user is likely to open next (`prerender`: the menu's list screens, given by the layout
 * once the browser is idle) are drawn ahead, hidden: React renders them at its lowest priority, in the
 * background, outside the document, their effects run once the browser is idle again and asking for
 * nothing (KeptPage `pre`), so a first visit from the menu shows a page already drawn, its list's
 * request and its measures starting as it shows. They are no kept pages until visited: no tab, no
 * "return to its last URL", and the route's loader asks for their rows as for a page mounting afresh.
 *
 * Every page is drawn as its route's own element under a route context of its own matches (not the
 * router's outlet, which exists only for the current location): the same element type whether drawn
 * ahead or on a visit, so a pre-drawn page is the one shown.
 *
 * @example
 * <KeepAliveOutlet enabled={app.layout.keepAlive} renderTabs={(tabs) => <MultiTabs tabs={tabs} />} prerender={aheadPaths()} />
 */
import { memo, Suspense, useCallback, useContext, useMemo, useReducer, useRef, useSyncExternalStore, type ReactNode } from 'react';
import {
  matchRoutes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  useLocation,
  useMatches,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
  type RouteMatch,
} from 'react-router-dom';
import { titleKeyOf } from '../router/title';
import { LoadingOverlay } from '../i18n/LoadingOverlay';
import { KeepAliveContext } from './keep-alive-context';
import { KeptPage } from './KeptPage';
import type { AheadPaths } from './ahead-paths';

const NONE: readonly string[] = [];
const noSubscribe = () => () => {};

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

type RouteContextValue = { outlet: null; matches: RouteMatch[]; isDataRoute: boolean };

/** Whether two match lists name the same routes at the same paths with the same params. */
function sameMatches(a: RouteMatch[], b: RouteMatch[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => m.route === b[i].route && m.pathname === b[i].pathname && JSON.stringify(m.params) === JSON.stringify(b[i].params))
  );
}

/** A location for a page drawn ahead: its bare path, as the menu opens it. */
function bareLocation(pathname: string): Location {
  return { pathname, search: '', hash: '', state: null, key: 'prerender' };
}

/**
 * One page of the outlet, drawn again only when its element, its location, or whether it is shown or
 * drawn ahead changes: a navigation elsewhere leaves every other kept page's wrappers alone (the
 * outlet renders at each navigation, and each page's KeptPage, box holder, <Activity> and providers
 * rendered again with it, for nothing).
 */
const KeptEntry = memo(function KeptEntry({ kept, active, pre }: { kept: Pick<Kept, 'element' | 'nav'>; active: boolean; pre: boolean }) {
  return (
    <KeptPage active={active} pre={pre}>
      <UNSAFE_LocationContext.Provider value={kept.nav}>
        <Suspense fallback={<LoadingOverlay />}>{kept.element}</Suspense>
      </UNSAFE_LocationContext.Provider>
    </KeptPage>
  );
});

export function KeepAliveOutlet({
  enabled,
  renderTabs,
  pages,
  prerender,
}: {
  enabled: boolean;
  renderTabs?: (tabs: KeptTab[], active: string, close: (path: string) => void) => ReactNode;
  /** pass the layout's map to share it; a private one otherwise */
  pages?: KeptPages;
  /** paths to draw ahead, hidden (the menu's list screens, added by the layout while the browser is idle) */
  prerender?: AheadPaths;
}) {
  const aheadWanted = useSyncExternalStore(prerender?.subscribe ?? noSubscribe, prerender?.get ?? (() => NONE));
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const routerMatches = useContext(UNSAFE_DataRouterStateContext)?.matches;
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  const own = useRef<KeptPages>(new Map());
  const cache = { current: pages ?? own.current };
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  // Each page's route context, the same object while its matches stay: a page's own element below it
  // then renders again only for what it reads (its location), not for every render of this outlet.
  const contexts = useRef(new Map<string, RouteContextValue>());
  const pageElement = (path: string, ms: RouteMatch[]): ReactNode => {
    let ctx = contexts.current.get(path);
    if (!ctx || !sameMatches(ctx.matches, ms)) {
      ctx = { outlet: null, matches: ms, isDataRoute: true };
      contexts.current.set(path, ctx);
    }
    return <UNSAFE_RouteContext.Provider value={ctx}>{ms[ms.length - 1].route.element}</UNSAFE_RouteContext.Provider>;
  };

  const keepable = enabled && (matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined)?.keepAlive !== false;
  const path = location.pathname;
  // A page dropped while still current (its tab closed) is not kept again before the location moves on.
  const leaving = useRef<string | null>(null);
  if (leaving.current !== path) leaving.current = null;
  // Pages drawn ahead, by path, with the location they were drawn at.
  const ahead = useRef(new Map<string, { element: ReactNode; nav: Kept['nav'] }>());
  if (keepable && leaving.current !== path) {
    const prior = cache.current.get(path)?.nav ?? ahead.current.get(path)?.nav;
    // a page drawn ahead keeps the location it was drawn at when the visit asks for the same URL (its
    // list then has nothing new to read as it shows)
    const same =
      prior &&
      (prior.location === location ||
        (prior.location.key === 'prerender' && prior.location.search === location.search && prior.location.hash === location.hash)) &&
      prior.navigationType === navigationType;
    const nav = same ? prior : { location, navigationType };
    const element = routerMatches?.length ? pageElement(path, routerMatches) : outlet;
    cache.current.set(path, { element, titleKey: titleKeyOf(matches), nav });
    ahead.current.delete(path);
  }
  for (const p of ahead.current.keys()) if (!aheadWanted.includes(p)) ahead.current.delete(p);
  if (keepable && routes)
    for (const p of aheadWanted) {
      if (cache.current.has(p) || ahead.current.has(p)) continue;
      const ms = matchRoutes(routes, p) as RouteMatch[] | null;
      const leaf = ms?.[ms.length - 1];
      // only a screen of its own (not the catch-all, nor a page never kept)
      if (!ms || !leaf || leaf.route.path === '*' || (leaf.route.handle as { keepAlive?: boolean } | undefined)?.keepAlive === false) continue;
      ahead.current.set(p, { element: pageElement(p, ms), nav: { location: bareLocation(p), navigationType: 'POP' as NavigationType } });
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
  // one list, keyed by path: a page drawn ahead stays the same React tree when its visit makes it kept
  const all: [string, { element: ReactNode; nav: Kept['nav'] }, boolean][] = [
    ...entries.map(([p, k]) => [p, k, false] as [string, Kept, boolean]),
    ...[...ahead.current.entries()].map(([p, k]) => [p, k, true] as [string, { element: ReactNode; nav: Kept['nav'] }, boolean]),
  ];

  return (
    <KeepAliveContext.Provider value={api}>
      {tabs}
      {all.map(([p, kept, pre]) => (
        <KeptEntry key={p} kept={kept} active={p === path} pre={pre} />
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
