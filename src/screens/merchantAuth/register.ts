/** Registers the shop screen's slots (lazily, so they load with the screen that uses them). */
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'merchantAuthAuthorize',
  lazyPreload(() => import('./AuthorizeShop')),
);
registerSlot(
  'importTrades',
  lazyPreload(() => import('./ImportTradesDialog')),
);
registerSlot(
  'tradeImports',
  lazyPreload(() => import('./TradeImports')),
);
registerSlot(
  'shopNextStep',
  lazyPreload(() => import('./ShopNextStep')),
);
registerSlot(
  'shopProducts',
  lazyPreload(() => import('./ShopProducts')),
);
