/** Slots every app gets. "timeline" loads lazily with the detail view that shows it. */
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../slots';

registerSlot(
  'timeline',
  lazyPreload(() => import('./TimelineSlot')),
);
