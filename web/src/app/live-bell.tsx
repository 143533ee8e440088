import { lazy } from 'react';

/** The notification bell, composed into the header by the app (components never import features). */
export const LiveBell = lazy(
  async () => (await Promise.all([import('@/components/styles/screens'), import('@/features/notifications/NotificationBell')]))[1],
);
