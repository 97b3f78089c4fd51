/**
 * The dynamic routes: one per screen the user may open (spec §2 "generates and adds dynamic routes"),
 * added under the layout route once the user's info is in. The route's loader starts the schema
 * and the renderer code side by side; the element suspends only the body, the layout stays painted.
 *
 * @example
 * router.patchRoutes('layout', screenRoutes(screensForRoles(screens, user.roles)));
 */
import { use } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Resource, ScreenRoute } from '../../schema';
import { allowsRoles } from '../../schema/derive';
import { sessionState, useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { LazyResultPage as ResultPage } from '../pages/LazyResultPage';
import { startProgress } from './progress';
import { firstListCalls } from '../../engine/list-first-calls';
import { prefetchCall } from '../request/client';
import { isKeptAlive } from '../layout/keep-alive-context';
import { statusOf, tracked, within } from '../../engine/settled';

/** How long a menu click to a list waits for the list's first answers before showing the page without them. */
export const FIRST_ANSWERS_WAIT_MS = 250;

/** Each screen's schema download, marked with how it went (statusOf): a failed one is tried again, a loaded one only renders. */
const schemas = new Map<string, Promise<Resource>>();

/**
 * The screen's schema, loaded once and shared by the loader and the element. A failed load is tried
 * again on the next navigation (`retry`, from the route's loader), never by a render: a render that
 * started a new download each time would suspend, fail and suspend again forever (an endless spinner
 * when a deploy removed the chunk), instead of letting the error reach the route's error element.
 */
export function loadScreenSchema(screen: ScreenRoute, retry = false): Promise<Resource> {
  let s = schemas.get(screen.name);
  if (!s || (retry && statusOf(s) === 'rejected')) {
    // tracked: a schema loaded in the background (the idle preload of the menu's screens) is new to
    // React at the menu click, and the screen suspended once on it, was rendered hidden and shown
    // again, its effects mounted twice (CPU profile of a menu click to /staff: ~38 ms reconnecting them)
    s = tracked(screen.load());
    schemas.set(screen.name, s);
  }
  return s;
}

function ScreenBody({ screen }: { screen: ScreenRoute }) {
  const { ScreenView } = useShell();
  const resource = use(loadScreenSchema(screen));
  return <ScreenView screen={screen} resource={resource} />;
}

/** Checks the roles again: routes added for a previous user of this tab stay in the router. */
export function ScreenElement({ screen }: { screen: ScreenRoute }) {
  const { user } = useSession();
  if (!user || !allowsRoles(screen.roles, user.roles)) return <ResultPage code="403" embedded />;
  return <ScreenBody screen={screen} />;
}

export function screenRouteId(screen: ScreenRoute): string {
  return `screen:${screen.name}`;
}

/**
 * Sends a list screen's first GETs for `url` (its list, tab counts and switches): settles once they
 * are answered; null when it asks nothing — not a list, a kept page (it shows as it was), or a screen
 * the user may not open (it shows 403, and its calls would only be refused: a 403 and a console error
 * each). The same GET already on its way is not sent again (prefetch.ts), and the screen's own
 * identical calls take these answers.
 */
function firstCalls(screen: ScreenRoute, url: URL, ttl?: number): Promise<unknown> | null {
  const user = sessionState().user;
  if (screen.kind !== 'resource' || isKeptAlive(url.pathname) || !user || !allowsRoles(screen.roles, user.roles)) return null;
  return loadScreenSchema(screen).then((resource) => Promise.all(firstListCalls(resource, url.searchParams).map((c) => prefetchCall(c.binding, c.input, ttl))));
}

/** The screens given routes, by path: a menu click reaches its screen's first calls by the link's path. */
const screensByPath = new Map<string, ScreenRoute>();

/**
 * From the menu's press and click themselves, before the router navigates: sends the first calls of
 * the list screen at `href` when its schema is in (the menu's screens load at idle), so they leave as
 * the button goes down. The route's loader sent them only after React's synchronous render of the
 * click (the menu's own state; ~22 ms in a menu click's CPU profile, the request 25–44 ms after the
 * press in the bench), since the router reaches the loader through promise steps; the click comes after
 * the press's own handlers (the menu item's hover and focus). The loader's identical calls then find
 * them on their way. A schema still loading is left to the loader. `ttl`: how long the answers wait for
 * the screen (on a press, PRESS_TTL_MS: a press that ends elsewhere is no click; the click's own call
 * keeps them the full time).
 *
 * @example
 * onPointerDown={() => startScreenCalls('/staff', PRESS_TTL_MS)} onClick={() => { startScreenCalls('/staff'); navigate('/staff'); }}
 */
export function startScreenCalls(href: string, ttl?: number): void {
  const url = new URL(href, window.location.origin);
  const screen = screenWithSchemaIn(url.pathname);
  // the schema is in: its then() runs in the microtask queued here, before React's render of the click
  if (screen) void firstCalls(screen, url, ttl)?.catch(() => {});
}

/** The screen given a route at `pathname`, when its schema has loaded already. */
function screenWithSchemaIn(pathname: string): ScreenRoute | undefined {
  const screen = screensByPath.get(pathname);
  const schema = screen && schemas.get(screen.name);
  return schema && statusOf(schema) === 'fulfilled' ? screen : undefined;
}

/**
 * Whether the screen at `href` is a resource screen whose schema is in: drawn ahead (the keep-alive
 * outlet's `prerender`), it renders at once instead of suspending on its download.
 *
 * @example
 * onPointerEnter={() => drawableAhead('/staff') && ahead.add('/staff')}
 */
export function drawableAhead(href: string): boolean {
  return screenWithSchemaIn(new URL(href, window.location.origin).pathname)?.kind === 'resource';
}

/**
 * The schemas of `screens` (a user's menu, external links left out), loaded once and shared with their
 * routes: each screen with its schema, those that failed to load left out. The layout loads them
 * while the browser is idle and draws their lists ahead; the runtime's `menuResources` reads them.
 *
 * @example
 * const loaded = await loadScreenSchemas(menuScreens(screens, roles)); // [{ screen, resource }, …]
 */
export function loadScreenSchemas(screens: readonly ScreenRoute[]): Promise<{ screen: ScreenRoute; resource: Resource }[]> {
  const loads = screens
    .filter((s) => !s.externalUrl)
    .map((screen) =>
      loadScreenSchema(screen).then(
        (resource) => ({ screen, resource }),
        () => null,
      ),
    );
  return Promise.all(loads).then((all) => all.filter((l): l is { screen: ScreenRoute; resource: Resource } => !!l));
}

export function screenRoutes(screens: readonly ScreenRoute[], preload?: (resource?: Resource) => void | Promise<void>): RouteObject[] {
  for (const s of screens) if (!s.externalUrl) screensByPath.set(s.path, s);
  return screens
    .filter((s) => !s.externalUrl)
    .map((screen) => ({
      id: screenRouteId(screen),
      path: screen.path.replace(/^\//, ''),
      handle: { title: screen.title, screen: screen.name },
      // The loader only starts the schema and the renderer: a list's page, tab or filter change (a
      // search-only navigation) must not run it again — that put every click through a "loading"
      // navigation (progress bar, a second render of the route tree) before the list could update.
      shouldRevalidate: () => false,
      loader: (args?: { request: Request }) => {
        const schema = loadScreenSchema(screen, true);
        void schema.catch(() => {});
        // the bar shows while the schema downloads; a screen already in only renders (progress.ts)
        startProgress(statusOf(schema) !== 'fulfilled');
        preload?.();
        // what the screen draws first (a list's cell slots), once its schema is in
        const drawn = preload ? schema.then(preload, () => {}) : undefined;
        // A list screen mounting afresh asks for its list, counts and switches now, as the navigation
        // starts, instead of once it has rendered (~140 ms later for a menu click to /staff): its
        // render takes the answers (the first render shows the rows when they are in). A menu click
        // has sent them already (startScreenCalls): the same calls are not sent twice.
        const url = args && new URL(args.request.url);
        const answers = url && firstCalls(screen, url);
        if (!answers) return null;
        // With the schema in (the menu's screens load at idle), the navigation waits a moment for
        // those answers: the page then renders once with its rows and counts, instead of rendering
        // empty and drawing its table, tabs and search form again as they come (a menu click to
        // /staff: two commits of ~350 and ~470 components, the rows ~140 ms after the first). A slow
        // answer is not waited for: past FIRST_ANSWERS_WAIT_MS the page shows loading, as before.
        if (statusOf(schema) !== 'fulfilled') {
          void answers.catch(() => {});
          return null;
        }
        // and for what its rows draw (a cell's own chunk), or its first frame shows those cells empty
        return within(Promise.all([answers, drawn]), FIRST_ANSWERS_WAIT_MS).then(() => null);
      },
      element: <ScreenElement screen={screen} />,
    }));
}
