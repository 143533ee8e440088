import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The toasts' container (transitions, portal, its styles) loads with the first toast, not with the first paint.
const NotificationsHost = lazy(() => import('./NotificationsHost'));

/** The app's notifications: nothing until the first one is shown (the store keeps it until the host renders it). */
export function AppNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
