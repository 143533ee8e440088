import { em, rem } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/** Height of the app header (AppLayout), which notifications must never cover. */
const HEADER_HEIGHT = 64;

/**
 * Where notifications appear: on wide screens at the top right just below the
 * header (the header's account buttons stay usable, the content column is centred);
 * on phones at the bottom, where they cover neither the header nor the page title.
 */
export function AppNotifications() {
  const wide = useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  return wide ? (
    <Notifications position="top-right" limit={4} containerWidth={380} style={{ top: rem(HEADER_HEIGHT + 12) }} />
  ) : (
    <Notifications position="bottom-center" limit={3} />
  );
}
