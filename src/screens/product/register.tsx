/**
 * Registers the product screen's slots, lazily so they load with the screen that uses them. The
 * image cell brings its own Suspense: a table cell must not suspend the whole list.
 */
import { lazy, Suspense } from 'react';
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot, type SlotProps } from '../../renderer/slots';

const ProductImage = lazy(() => import('./ProductImage'));
const ServicePriceRange = lazy(() => import('./ServicePriceRange'));

registerSlot(
  'skuTable',
  lazyPreload(() => import('./SkuTable')),
);
registerSlot(
  'productSync',
  lazyPreload(() => import('./SyncDialog')),
);
registerSlot('productImage', (p: SlotProps) => (
  <Suspense fallback={<span style={{ display: 'inline-block', width: 48, height: 48 }} />}>
    <ProductImage {...p} />
  </Suspense>
));
registerSlot('servicePriceRange', (p: SlotProps) => (
  <Suspense fallback={null}>
    <ServicePriceRange {...p} />
  </Suspense>
));
