import { AspectRatio, Badge, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDog, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LostPostSummary } from '@pawbridge/shared/lost.schema';
import SafeImage from '@/components/SafeImage';
import { t } from '@/messages';
import '@/messages/lost-strip';
import { useHomeMissing, useHomeStats, useLostOn } from './home-reads';

const CARD_WIDTH = 168;

function MissingCard({ post }: { post: LostPostSummary }) {
  const name = post.name ?? post.breed ?? t('myLost.unnamed');
  return (
    <Paper
      withBorder
      radius="md"
      component={Link}
      to={`/lost/${post.id}`}
      w={CARD_WIDTH}
      style={{ flex: '0 0 auto', overflow: 'hidden', color: 'inherit', textDecoration: 'none' }}
    >
      <AspectRatio ratio={1}>
        <SafeImage
          src={post.photoUrl}
          alt={t('homeLost.photoAlt', { name })}
          fit="cover"
          fallback={
            <Center bg="gray.1">
              <IconDog size={36} color="var(--mantine-color-gray-6)" aria-hidden />
            </Center>
          }
        />
      </AspectRatio>
      <Stack gap={2} p="xs">
        <Group gap={4} wrap="nowrap">
          <Badge color="red" size="sm" variant="filled">
            {t('lostKind.MISSING')}
          </Badge>
          <Text fw={600} truncate>
            {name}
          </Text>
        </Group>
        <Text size="xs" c="gray.7" lineClamp={2}>
          {t('homeLost.lastSeen', { date: post.happenedDate, place: post.sigungu ?? post.address })}
        </Text>
        {post.reward !== null && post.reward > 0 && (
          <Text size="xs" c="dark.6" fw={700}>
            {t('homeLost.reward', { amount: post.reward.toLocaleString('ko-KR') })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The home's lost-and-found strip, for everyone: the newest open missing reports and this month's reunions
 * (a count line from the catalogue). Its own lazily loaded chunk (the home's JS budget); nothing on the legacy.
 */
export default function HomeLostStrip() {
  const enabled = useLostOn();
  const { data: posts, error } = useHomeMissing(enabled);
  const { data: stats } = useHomeStats(enabled);
  if (!enabled) return null;
  return (
    <Box component="section" aria-labelledby="home-lost-title" px={{ base: 'md', xs: 0 }}>
      <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
        <Stack gap={2}>
          <Title order={2} size="h3" id="home-lost-title">
            {t('homeLost.title')}
          </Title>
          {/* A count of zero reunions reads as bad news: the line waits for the month's first reunion. */}
          {stats && stats.reunitedThisMonth > 0 && (
            <Group gap={6} wrap="nowrap">
              <IconHeartHandshake size={18} color="var(--mantine-color-teal-9)" aria-hidden />
              <Text size="sm" c="teal.9" fw={600}>
                {t('homeLost.reunions', { count: stats.reunitedThisMonth })}
              </Text>
            </Group>
          )}
        </Stack>
        <Button component={Link} to="/lost" variant="subtle" size="sm">
          {t('homeLost.more')}
        </Button>
      </Group>
      {posts && posts.length > 0 ? (
        <Group
          gap="sm"
          wrap="nowrap"
          style={{ overflowX: 'auto', paddingBottom: 4 }}
          component="div"
          tabIndex={0}
          aria-label={t('homeLost.listLabel')}
          role="region"
        >
          {posts.map((p) => (
            <MissingCard key={p.id} post={p} />
          ))}
        </Group>
      ) : (
        (posts || error) && (
          <Text size="sm" c="gray.7">
            {t('homeLost.empty')}
          </Text>
        )
      )}
      <Group gap="xs" mt="sm">
        <Button component={Link} to="/lost/new/missing" variant="light" color="red">
          {t('homeLost.report')}
        </Button>
        <Button component={Link} to="/lost/new/sighting" variant="light">
          {t('homeLost.sighting')}
        </Button>
      </Group>
    </Box>
  );
}
