/** Registers the shop screen's slots (lazily, so they load with the screen that uses them). */
import { lazy } from 'react';
import { registerSlot } from '../../renderer/slots';

registerSlot('merchantAuthAuthorize', lazy(() => import('./AuthorizeShop')));
registerSlot('importTrades', lazy(() => import('./ImportTradesDialog')));
registerSlot('tradeImports', lazy(() => import('./TradeImports')));
