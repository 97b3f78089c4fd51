/** Registers the merchant screen's detail slots (lazily, so they load with the detail that shows them). */
import { lazy } from 'react';
import { registerSlot } from '../../renderer/slots';

registerSlot('merchantShops', lazy(() => import('./MerchantShops')));
registerSlot('franchiseStores', lazy(() => import('./FranchiseStores')));
