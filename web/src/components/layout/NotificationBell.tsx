import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { t } from '@/messages';

/**
 * The bell's place for logged-in users. Live notifications arrive in a later
 * release, so the control says so (aria-disabled keeps it focusable for the tooltip).
 */
export function NotificationBell() {
  return (
    <Tooltip label={t('header.notificationsSoon')} events={{ hover: true, focus: true, touch: true }} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('header.notificationsUnavailable')}
        aria-disabled
        data-disabled
        onClick={(e) => e.preventDefault()}
      >
        <IconBell size={22} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
