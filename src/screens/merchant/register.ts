/** Registers the merchant screen's detail slots (lazily, so they load with the detail that shows them). */
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'merchantShops',
  lazyPreload(() => import('./MerchantShops')),
);
registerSlot(
  'franchiseStores',
  lazyPreload(() => import('./FranchiseStores')),
);
