/** Registers the dashboard screen lazily: its chunk (with ECharts) loads only on /dashboard. */
import { lazy } from 'react';
import { registerScreen } from '../../renderer/slots';

registerScreen(
  'dashboard',
  lazy(() => import('./DashboardScreen')),
);
