/**
 * The router as RouterProvider sees it: the same router, whose subscribers are not told of a navigation
 * that has only started (`navigation.state` 'loading' or 'submitting', nothing else changed). The
 * console draws nothing of a pending navigation: its progress bar is its own (progress.ts), no screen
 * reads useNavigation, and a screen route's loader only waits for the answers the new page shows. Told,
 * RouterProvider drew the route tree again as the menu's click went down (the layout, the kept-page
 * outlet and every kept page's wrapper, and React walked every kept page's components for the changed
 * router contexts: render log and CPU profile of a menu click to /staff), only to draw it once more
 * when the answer came. The state that ends the navigation, or any other change, is passed on as it
 * comes, with what it carries.
 *
 * @example
 * <RouterProvider router={quietRouter(router)} />
 */
import type { ShellRouter } from './create-router';

type RouterState = ShellRouter['state'];
type Subscriber = Parameters<ShellRouter['subscribe']>[0];

/** Keys a navigation's start changes (react-router's handleLoaders, startNavigation): the rest stay the same objects. */
const PENDING_KEYS = new Set<keyof RouterState>(['navigation', 'revalidation']);

/** Whether `next` differs from `told` only by a navigation under way. */
function onlyPending(told: RouterState, next: RouterState): boolean {
  if (next.navigation.state === 'idle') return false;
  for (const k of Object.keys(next) as (keyof RouterState)[]) if (!PENDING_KEYS.has(k) && next[k] !== told[k]) return false;
  return true;
}

const quiet = new WeakMap<ShellRouter, ShellRouter>();

export function quietRouter(router: ShellRouter): ShellRouter {
  let wrapped = quiet.get(router);
  if (!wrapped) {
    const subscribe = (fn: Subscriber) => {
      let told = router.state;
      return router.subscribe((state, opts) => {
        if (onlyPending(told, state)) return;
        told = state;
        fn(state, opts);
      });
    };
    wrapped = new Proxy(router, { get: (target, key) => (key === 'subscribe' ? subscribe : Reflect.get(target, key)) });
    quiet.set(router, wrapped);
  }
  return wrapped;
}
