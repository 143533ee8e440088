import { Paper, Stack, Text, Title, Group } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { t } from '@/messages';
import { feedText, type FeedEntry } from '../dashboard-state';

const clock = (iso: string) => new Date(iso).toLocaleTimeString('ko-KR', { hour: '2-digit', minute: '2-digit' });

/** The latest ten live events (spec §4, §9), newest first. */
export function ActivityFeed({ feed }: { feed: FeedEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="dashboard-feed-title">
      <Group gap="xs" mb="sm">
        <IconActivity size={18} aria-hidden />
        <Title order={3} size="h5" id="dashboard-feed-title">
          {t('dashboard.feed.title')}
        </Title>
      </Group>
      {feed.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('dashboard.feed.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite" data-testid="activity-feed">
          {feed.map((e) => (
            <Group component="li" key={e.key} gap="sm" wrap="nowrap" align="baseline">
              <Text size="xs" c="gray.7" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                <time dateTime={e.at}>{clock(e.at)}</time>
              </Text>
              <Text size="sm" style={{ wordBreak: 'keep-all' }}>
                {feedText(e)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
