/** Registers the order screen's detail slot (lazily: it loads with the detail drawer that shows it). */
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'orderRecords',
  lazyPreload(() => import('./OrderRecords')),
);
// the list's live bar (list "banner" in schemas/order.json): new and changed orders, pushed by the server
registerSlot(
  'orderLiveBar',
  lazyPreload(() => import('./LiveBar')),
);
