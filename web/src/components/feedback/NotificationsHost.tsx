import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './AppNotifications.module.css';

/**
 * Where notifications appear: on wide screens at the top right just below the
 * header (the header's account buttons stay usable, the content column is centred);
 * on phones at the bottom, where they cover neither the header nor the page title.
 */
export default function NotificationsHost() {
  const wide = useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={wide ? 'top-right' : 'bottom-center'}
      limit={wide ? 4 : 3}
      containerWidth={wide ? 380 : undefined}
      classNames={{ root: classes.root }}
    />
  );
}
