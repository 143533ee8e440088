import { createContext, Suspense, useContext, type ComponentType } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { t } from '@/messages';

/**
 * The bell itself lives in the notifications feature; the app passes it in
 * here so the layout never imports a feature (it is lazy: the STOMP client
 * is not part of the first paint).
 */
export const NotificationBellSlot = createContext<ComponentType | null>(null);

/** Until the bell's chunk arrives, the same icon holds its place (no layout shift). */
function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.bell')} aria-disabled data-disabled>
      <IconBell size={22} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

/** The header's bell place for logged-in users. */
export function NotificationBell() {
  const Bell = useContext(NotificationBellSlot);
  if (!Bell) return null;
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <Bell />
    </Suspense>
  );
}
