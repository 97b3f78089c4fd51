/** Registers the workbench as the home page's "home" slot, lazily (its chunk loads only on /index). */
import { lazy } from 'react';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'home',
  lazy(() => import('./Workbench')),
);
