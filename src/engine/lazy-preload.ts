/**
 * React.lazy with a `preload()`: a component that is loaded before it first renders renders at once,
 * without suspending. It matters because React 19 holds a Suspense boundary's content back until
 * 300 ms after its fallback was shown: the first detail drawer took ~950 ms to fill, two lazy levels
 * deep (the drawer, then its slots), most of it those waits. Callers preload what they are about to
 * show (the renderer's action runner before it opens a drawer or dialog, the shell for its frame) and then render it.
 *
 * @example
 * const DetailView = lazyPreload(() => import('./DetailView'));
 * await DetailView.preload(); // then render <DetailView …/>: no fallback, no wait
 */
import { createElement, lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

export function lazyPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (e: unknown) => {
        pending = undefined; // a failed download may be tried again
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function LazyPreload(props: P) {
    // an instance keeps the kind it mounted with: switching would remount its subtree
    const direct = useRef(loaded).current;
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Object.assign(LazyPreload, { preload });
}

/**
 * A lazyPreload component drawn inside a Suspense of its own, showing `fallback` while its code loads
 * (a table cell must not suspend its table, and may keep its size meanwhile), its `preload()` kept.
 *
 * @example
 * registerSlot('productImage', withFallback(lazyPreload(() => import('./ProductImage')), <span style={{ width: 48 }} />));
 */
export function withFallback<P extends object>(c: Preloadable<P>, fallback: ReactNode): Preloadable<P> {
  function WithFallback(props: P) {
    return createElement(Suspense, { fallback }, createElement(c, props));
  }
  return Object.assign(WithFallback, { preload: c.preload });
}

/** Preloads a component if it can be (a lazyPreload one); resolves at once otherwise, never rejects. */
export function preloadComponent(c: unknown): Promise<void> {
  const p = (c as { preload?: () => Promise<void> } | undefined)?.preload;
  return p ? p().catch(() => undefined) : Promise.resolve();
}
