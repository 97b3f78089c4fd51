/**
 * What the composition root hands the shell: the generated screens and icons, and the component that
 * draws one screen (the renderer's ResourceScreen or a registered custom screen), loaded lazily.
 *
 * @example
 * <Shell screens={screens} loadIcons={() => import('../generated/icons').then((m) => m.icons)} ScreenView={lazy(() => import('./ScreenView'))} />
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Resource, ScreenRoute } from '../schema';

export interface ScreenViewProps {
  screen: ScreenRoute;
  resource: Resource;
}

export interface ShellOptions {
  /** every screen of src/generated/routes.ts, unfiltered */
  screens: ScreenRoute[];
  /** loads src/generated/icons.ts (lazily: the menu icons are not needed by the sign-in page) */
  loadIcons: () => Promise<Record<string, ComponentType>>;
  /** draws one screen; should be React.lazy so the renderer stays out of the first chunk */
  ScreenView: ComponentType<ScreenViewProps>;
  /**
   * starts loading ScreenView's code early (the route's loader calls it beside the schema load), and
   * is called again with the screen's schema once that is in: to load what the screen draws first
   * (a list's cell slots) before its first render brings the rows; a menu visit's navigation waits
   * for what that promise loads as for the list's first answers (never rejects)
   */
  preloadScreenView?: (resource?: Resource) => void | Promise<void>;
  /** Runtime.loadResource: another resource's schema by name (ref fields, links, embedded forms) */
  loadResource?: (name: string) => Promise<Resource | undefined>;
  /** Runtime.optionReaders: src/generated/option-access.ts */
  optionReaders?: Readonly<Record<string, readonly string[]>>;
}

export interface ShellApi extends ShellOptions {
  /** load the user's info, add their screen routes, then go to `target` (the guard's last visited path) */
  ensureUser: (target?: string) => Promise<void>;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const s = useContext(ShellContext);
  if (!s) throw new Error('useShell() needs the <Shell> above it');
  return s;
}
