/**
 * The console frame of every signed-in page, as a lazyPreload component. It is loaded from the start
 * when a session is stored (createShellRouter) and while the sign-in form checks the credentials
 * (LoginPage), so the first render after either finds it loaded and shows no fallback (React 19 holds
 * content back until 300 ms after a fallback showed). The sign-in page itself ships without it.
 */
import { lazyPreload } from '../../engine/lazy-preload';

export const ShellLayout = lazyPreload(() => import('../layout/ShellLayout'));

/** Starts loading the frame; a failed download is retried, and reported, when it renders. */
export const preloadLayout = (): void => void ShellLayout.preload().catch(() => undefined);
