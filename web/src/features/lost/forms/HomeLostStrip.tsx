import { AspectRatio, Badge, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import DogNote from '@/components/DogNote';
import { IconDog, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LostPostSummary } from '@pawbridge/shared/lost.schema';
import SafeImage from '@/components/SafeImage';
import { t } from '@/messages';
import '@/messages/lost-strip';
import { useHomeMissing, useHomeStats, useLostOn } from './home-reads';
import { HOME_LOST_ROW_HEIGHT, HOME_LOST_STRIP_HEIGHT } from './home-strip-size';

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
          <Badge color="red" size="sm" variant="filled" style={{ flexShrink: 0 }}>
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
    <Box
      component="section"
      aria-labelledby="home-lost-title"
      mih={HOME_LOST_STRIP_HEIGHT}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="flex-end" mb="sm" gap="xs" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h3" id="home-lost-title">
            {t('homeLost.title')}
          </Title>
          {/* A count of zero reunions reads as bad news: the line waits for the month's first reunion. Its
              place is kept either way (the strip never changes height). */}
          <Group gap={6} wrap="nowrap" mih={21}>
            {stats && stats.reunitedThisMonth > 0 && (
              <>
                <IconHeartHandshake size={18} color="var(--mantine-color-teal-9)" aria-hidden />
                <Text size="sm" c="teal.9" fw={600}>
                  {t('homeLost.reunions', { count: stats.reunitedThisMonth })}
                </Text>
              </>
            )}
          </Group>
        </Stack>
        <Button component={Link} to="/lost" variant="subtle" size="sm">
          {t('homeLost.more')}
        </Button>
      </Group>
      <Box mih={HOME_LOST_ROW_HEIGHT} style={{ flex: 1, display: 'flex' }}>
        {posts && posts.length > 0 ? (
          <Group
            gap="sm"
            wrap="nowrap"
            align="stretch"
            style={{ overflowX: 'auto', paddingBottom: 4, flex: 1 }}
            component="div"
            tabIndex={0}
            aria-label={t('homeLost.listLabel')}
            role="region"
          >
            {posts.map((p) => (
              <MissingCard key={p.id} post={p} />
            ))}
          </Group>
        ) : posts || error ? (
          <Paper withBorder radius="md" style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Box p="md">
              <DogNote gap="xs">{t('homeLost.empty')}</DogNote>
            </Box>
          </Paper>
        ) : (
          <Group gap="sm" wrap="nowrap" align="stretch" style={{ overflow: 'hidden', flex: 1 }} aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} w={CARD_WIDTH} bg="gray.1" style={{ flex: '0 0 auto', borderRadius: 'var(--mantine-radius-md)' }} />
            ))}
          </Group>
        )}
      </Box>
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
