/**
 * The paths the keep-alive outlet draws ahead (KeepAliveOutlet `prerender`), added one at a time by
 * the layout while the browser is idle; the outlet alone follows them (the layout's frame does not
 * render again for each).
 *
 * @example
 * const ahead = aheadPaths(); ahead.add('/staff'); // <KeepAliveOutlet prerender={ahead} />
 */
export interface AheadPaths {
  add(path: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  get(): readonly string[];
}

export function aheadPaths(): AheadPaths {
  let paths: readonly string[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    paths = next;
    listeners.forEach((l) => l());
  };
  return {
    add: (path) => void (paths.includes(path) || set([...paths, path])),
    clear: () => void (paths.length && set([])),
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    get: () => paths,
  };
}
