import { useCallback, useEffect, useReducer, useState } from 'react';
import { ActionIcon, Box, Indicator, Popover, ScrollArea, Stack, Text, Title, UnstyledButton, Group } from '@mantine/core';
import { IconBell, IconPlugConnectedX, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ADMIN_TOPICS, memberTopics, type SessionUser } from '@pawbridge/shared';
import { useSession } from '@/lib/session';
import { publishLiveNotice } from '@/lib/live-notices';
import { t } from '@/messages';
import { markAllRead, markRead, useUnreadNotifications } from './api';
import { bellReducer, initialBell, type BellItem } from './bell-state';
import { relativeTime } from './relative-time';
import { useLiveNotifications } from './use-live-notifications';
import { notificationText } from './wording';

const topicsFor = (user: SessionUser) => [...memberTopics(user.userId), ...(user.isAdmin ? ADMIN_TOPICS : [])];
// Failures of the notification calls are only logged (spec §8); the bell carries on.
const ignore = () => {};

/** The header's notification bell for a logged-in user (spec §2 Header, §4 Notification bell). */
export default function NotificationBell() {
  const { user } = useSession();
  return user ? <LiveBell user={user} /> : null;
}

function LiveBell({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { data, mutate } = useUnreadNotifications(user.userId);
  const [state, dispatch] = useReducer(bellReducer, initialBell);
  const [opened, setOpened] = useState(false);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (data) dispatch({ type: 'loaded', list: data.list, unreadTotal: data.total });
  }, [data]);
  const status = useLiveNotifications(
    topicsFor(user),
    useCallback((notification) => {
      dispatch({ type: 'live', notification });
      // The screen it is about (my applications, the post) reads itself again.
      publishLiveNotice(notification);
    }, []),
    useCallback(() => void mutate(), [mutate]),
  );

  const open = () => {
    setNow(new Date());
    setOpened(true);
    if (state.badge > 0 || state.items.some((i) => !i.read)) markAllRead(user.userId).catch(ignore);
    dispatch({ type: 'opened' });
  };
  const remove = (item: BellItem) => {
    dispatch({ type: 'removed', key: item.key });
    if (item.id !== null && !item.read) markRead(item.id).catch(ignore);
  };
  const follow = (item: BellItem) => {
    setOpened(false);
    if (item.link) void navigate(item.link);
  };

  const offline = status === 'offline';
  const label = state.badge > 0 ? t('notifications.bellUnread', { count: state.badge }) : t('notifications.bell');

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? open() : setOpened(false))}
      position="bottom-end"
      width={340}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      hideDetached={false}
      // Above the toasts (Mantine's 400): on a phone both sit just below the header, and the list the member opened comes first.
      zIndex={450}
    >
      <Indicator label={state.badge > 99 ? '99+' : state.badge} size={18} disabled={state.badge === 0} color="red" offset={6} inline>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={offline ? `${label} (${t('notifications.offlineShort')})` : label}
            onClick={() => (opened ? setOpened(false) : open())}
          >
            <IconBell size={22} stroke={1.6} aria-hidden />
            {offline && (
              <Box component="span" pos="absolute" bottom={2} right={2} c="gray.6" style={{ lineHeight: 0 }} data-testid="bell-offline">
                <IconPlugConnectedX size={12} aria-hidden />
              </Box>
            )}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')}>
        <Group px="md" py="sm" justify="space-between" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Title order={2} size="h5">
            {t('notifications.title')}
          </Title>
        </Group>
        {offline && (
          <Text size="xs" c="gray.7" px="md" pt="xs" role="status">
            {t('notifications.offline')}
          </Text>
        )}
        {state.items.length === 0 ? (
          <Text c="gray.7" size="sm" ta="center" py="xl">
            {t('notifications.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {state.items.map((item) => (
                <Group
                  component="li"
                  key={item.key}
                  wrap="nowrap"
                  align="flex-start"
                  gap={4}
                  px="xs"
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <UnstyledButton
                    onClick={() => follow(item)}
                    disabled={!item.link}
                    style={{ flex: 1, minWidth: 0, borderRadius: 6 }}
                    px={6}
                    py={4}
                  >
                    <Text size="sm" fw={700} c="dark">
                      {t(`notifications.kind.${item.kind}`)}
                    </Text>
                    <Text size="sm" c="gray.8" style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                      {notificationText(item)}
                    </Text>
                    <Text size="xs" c="gray.7">
                      <time dateTime={item.createdAt}>{relativeTime(item.createdAt, now)}</time>
                    </Text>
                  </UnstyledButton>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('notifications.remove')} onClick={() => remove(item)}>
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
