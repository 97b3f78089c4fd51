/**
 * Loads a list's cell slots (the registered components its columns draw through a `render`, its own
 * or its field's, and its `also` lines') as the list first renders, drawn ahead or not. A lazily
 * registered cell not loaded yet draws nothing (its Suspense's fallback) in the render that brings the
 * rows: /product's picture and service-price columns stayed empty in the first frame of a first visit
 * (a visit from the menu, a page load), filled only once their chunks had come. Preloadable slots only
 * (lazyPreload, or a component carrying its `preload`); never rejects: a slot that fails to load here is
 * loaded, and reported, by its own Suspense when it renders.
 *
 * @example
 * useMemo(() => void preloadCellSlots(resource), [resource]); // in the list's render: before its rows
 */
import type { Resource } from '../../schema';
import { normalizeColumns } from '../../engine/resource-helpers';
import { preloadComponent } from '../../engine/lazy-preload';
import { getSlot, hasSlot } from '../slots';

export function preloadCellSlots(resource: Resource): Promise<void> {
  const names = new Set<string>();
  const fieldRender = (name: string) => resource.fields?.[name]?.render;
  for (const c of normalizeColumns(resource.list?.columns ?? [])) {
    for (const render of [c.render ?? fieldRender(c.field), ...c.also.map(fieldRender)]) if (render) names.add(render);
  }
  return Promise.all([...names].filter(hasSlot).map((n) => preloadComponent(getSlot(n)))).then(() => undefined);
}
