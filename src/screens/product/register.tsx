/**
 * Registers the product screen's slots, lazily so they load with the screen that uses them (the list
 * loads its cells' as it first renders, preload-cells.ts). The image cell keeps its size while its
 * code loads: a table cell must not suspend the whole list.
 */
import { lazyPreload, withFallback } from '../../engine/lazy-preload';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'skuTable',
  lazyPreload(() => import('./SkuTable')),
);
registerSlot(
  'productSync',
  lazyPreload(() => import('./SyncDialog')),
);
registerSlot(
  'productImage',
  withFallback(
    lazyPreload(() => import('./ProductImage')),
    <span style={{ display: 'inline-block', width: 48, height: 48 }} />,
  ),
);
// its cell and its detail field draw nothing while it loads: the Suspense they are drawn in does that
registerSlot(
  'servicePriceRange',
  lazyPreload(() => import('./ServicePriceRange')),
);
