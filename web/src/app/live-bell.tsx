import { lazy } from 'react';

/** The notification bell, composed into the header by the app (components never import features). */
export const LiveBell = lazy(() => import('@/features/notifications/NotificationBell'));
