import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './AppNotifications.module.css';

/**
 * Where notifications appear: below the header, never over it (its account
 * buttons stay usable): at the top right on wide screens, across the top on
 * phones, where a form's primary button (at the bottom of the screen, under
 * the thumb) stays free (issue 25 item 6). Two at most on a phone.
 */
export default function NotificationsHost() {
  const wide = useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={wide ? 'top-right' : 'top-center'}
      limit={wide ? 4 : 2}
      containerWidth={wide ? 380 : undefined}
      classNames={{ root: classes.root }}
    />
  );
}
