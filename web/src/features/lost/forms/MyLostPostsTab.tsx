import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { useMyLostPosts } from './reads';
import { LOST_KIND_COLOURS, LOST_STATUS_COLOURS, lostStatusWords } from './status';

/** My page's lost-and-found tab: the member's own posts, newest first, each with its status and a link to its page. */
export default function MyLostPostsTab() {
  const { posts, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useMyLostPosts(true);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button component={Link} to="/lost/new/missing" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('myLost.newMissing')}
        </Button>
        <Button component={Link} to="/lost/new/sighting" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('myLost.newSighting')}
        </Button>
      </Group>
      {isLoading ? (
        <ListLoading />
      ) : error ? (
        <ListError message={t('myLost.failed')} onRetry={() => void reload()} />
      ) : !posts || posts.length === 0 ? (
        <ListEmpty message={t('myLost.empty')} />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('myLost.title')}>
            {posts.map((p) => (
              <Card key={p.id} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Badge color={LOST_KIND_COLOURS[p.kind]} variant="light">
                        {t(`lostKind.${p.kind}`)}
                      </Badge>
                      <Badge color={LOST_STATUS_COLOURS[p.status]} variant="light">
                        {lostStatusWords(p.kind, p.status)}
                      </Badge>
                    </Group>
                    <Anchor component={Link} to={`/lost/${p.id}`} fw={600} lineClamp={1} py={6}>
                      {p.name ?? p.breed ?? t('myLost.unnamed')}
                    </Anchor>
                    <Text size="sm" c="gray.7" lineClamp={1}>
                      {t('homeLost.lastSeen', { date: t('myLost.when', { date: p.happenedDate, time: p.happenedTime }), place: p.address })}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
          <LoadMore shown={posts.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
        </Stack>
      )}
    </Stack>
  );
}
