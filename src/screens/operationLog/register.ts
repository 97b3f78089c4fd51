/** Registers the operation log's cell and detail slot. */
import { lazy } from 'react';
import { registerSlot } from '../../renderer/slots';

registerSlot(
  'auditChanges',
  lazy(() => import('./ChangeList')),
);
