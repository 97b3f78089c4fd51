/**
 * The generated icon map, loaded once on first use (suspends until then).
 *
 * @example
 * const icons = useIcons(); const Icon = iconComponent(icons, 'TeamOutlined');
 */
import { use, type ComponentType } from 'react';
import { useShell } from './shell-context';

let loaded: Promise<Record<string, ComponentType>> | null = null;

export function useIcons(): Record<string, ComponentType> {
  const { loadIcons } = useShell();
  loaded ??= loadIcons();
  return use(loaded);
}
