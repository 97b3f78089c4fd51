/**
 * Loads what a resource's detail view shows before it opens: the registered slots of its sections and
 * of its fields' `render` (lazyPreload components; others need nothing). Never rejects: a slot that
 * fails to load here is loaded, and reported, by its own Suspense when it renders.
 */
import type { Resource } from '../../schema';
import { getSlot, hasSlot } from '../slots';
import { preloadComponent } from '../../engine/lazy-preload';

export function preloadDetailSlots(resource: Resource): Promise<void> {
  const names = new Set<string>();
  for (const section of resource.detail?.sections ?? []) {
    if (section.slot) names.add(section.slot);
    for (const f of section.fields ?? []) {
      const render = resource.fields?.[f]?.render;
      if (render) names.add(render);
    }
  }
  return Promise.all([...names].filter(hasSlot).map((n) => preloadComponent(getSlot(n)))).then(() => undefined);
}
