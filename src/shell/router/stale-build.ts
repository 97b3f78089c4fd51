/**
 * Recognises a chunk that failed to load after a deploy. A dynamic import whose file is gone rejects
 * with a TypeError whose wording depends on the browser; Vite also fires `vite:preloadError` on the
 * window when a chunk's dependencies (JS or CSS) cannot be preloaded. Either way the cure is the same:
 * reload the page to get the new build (StaleBuildPage offers it).
 *
 * @example
 * watchStaleBuild(); // once, at start
 * isStaleBuildError(routeError) // true for "Failed to fetch dynamically imported module: …"
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed|ChunkLoadError/i;

let preloadFailed = false;

export function isStaleBuildError(error: unknown): boolean {
  if (preloadFailed) return true;
  const e = error as { name?: unknown; message?: unknown } | null | undefined;
  return !!e && (e.name === 'ChunkLoadError' || (typeof e.message === 'string' && CHUNK_FAILURE.test(e.message)));
}

/** Remembers a failed chunk preload, so the error that follows is shown as "reload", whatever its wording. */
export function watchStaleBuild(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('vite:preloadError', () => {
    preloadFailed = true;
  });
}
