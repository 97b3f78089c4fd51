/** Registers the operation log's cell and detail slot (lazily: it loads with the list that draws it, preload-cells.ts). */
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'auditChanges',
  lazyPreload(() => import('./ChangeList')),
);
