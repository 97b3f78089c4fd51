/**
 * Draws one screen: a registered custom component (kind "custom", src/screens/index.ts) or the
 * renderer's ResourceScreen. Its own lazy chunk, so the renderer loads only when a screen is opened.
 */
import { getScreen, ResourceScreen } from '../renderer';
import type { ScreenViewProps } from '../shell';

export default function ScreenView({ screen, resource }: ScreenViewProps) {
  if (screen.kind === 'custom') {
    if (!screen.component) throw new Error(`Screen "${screen.name}" is custom but names no component (schemas/${screen.name}.json "component")`);
    const Custom = getScreen(screen.component);
    return <Custom resource={resource} />;
  }
  return <ResourceScreen resource={resource} />;
}
