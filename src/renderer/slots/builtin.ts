/** Slots every app gets. "timeline" loads lazily with the detail view that shows it. */
import { lazy } from 'react';
import { registerSlot } from '../slots';

registerSlot('timeline', lazy(() => import('./TimelineSlot')));
