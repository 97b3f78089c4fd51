/** Registers the personal centre (user menu → 个人中心) lazily: its chunk loads only on /profile. */
import { lazy } from 'react';
import { registerScreen } from '../../renderer/slots';

registerScreen(
  'profile',
  lazy(() => import('./ProfileScreen')),
);
