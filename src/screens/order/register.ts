/** Registers the order screen's detail slot (lazily: it loads with the detail drawer that shows it). */
import { lazy } from 'react';
import { registerSlot } from '../../renderer/slots';

registerSlot('orderRecords', lazy(() => import('./OrderRecords')));
