import '@/messages/lost-board';
import { AspectRatio, Badge, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LostPostSummary } from '@pawbridge/shared/lost.schema';
import { ADOPT_GRID_SIZES, cardPhoto } from '@/lib/photo-sizes';
import { t } from '@/messages';
import classes from './LostBoard.module.css';
import { formatWon, KIND_COLOR, kindLabel, postTitle, STATUS_COLOR, statusLabel, whenText } from './labels';

interface Props {
  post: LostPostSummary;
  /** The first photo of the list loads first. */
  first?: boolean;
}

/** One post on the board: photo, kind and status in words, name or breed, the place in words, the date, a reward. */
export default function LostCard({ post, first = false }: Props) {
  const title = postTitle(post);
  const breed = post.breed?.trim() || t('lost.card.breedUnknown');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-labelledby={`lost-card-${post.id}`}
      pos="relative"
      className={classes.card}
    >
      <Card.Section>
        <AspectRatio ratio={4 / 3} bg="gray.1">
          {post.photoUrl ? (
            <Image
              // The 480 px thumbnail with its size (no shift), lazy below the first card (issue 26).
              {...cardPhoto(post.photoUrl, { first, sizes: ADOPT_GRID_SIZES })}
              // The box's 4:3 sets the height; the attribute only reserves the room before the styles.
              h="auto"
              alt={t('lost.card.photo', { title })}
              fit="cover"
            />
          ) : (
            <Center c="gray.7" bg="gray.1">
              <Stack align="center" gap={2}>
                <IconPaw size={36} aria-hidden />
                <Text size="xs">{t('lost.card.noPhoto')}</Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group gap={6}>
          <Badge color={KIND_COLOR[post.kind]} variant="filled" aria-label={t('lost.kind.label', { label: kindLabel(post.kind) })}>
            {kindLabel(post.kind)}
          </Badge>
          {post.status !== 'OPEN' && (
            <Badge
              color={STATUS_COLOR[post.status]}
              variant="light"
              aria-label={t('lost.status.label', { label: statusLabel(post.status, post.kind) })}
            >
              {statusLabel(post.status, post.kind)}
            </Badge>
          )}
        </Group>
        <Text fw={700} size="lg" id={`lost-card-${post.id}`} lineClamp={1}>
          <Link to={`/lost/${post.id}`} aria-label={t('lost.card.link', { title })} className={classes.cardLink}>
            {title}
          </Link>
        </Text>
        {post.name && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {breed}
          </Text>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
          {post.address}
        </Text>
        <Text size="sm" c="dimmed">
          {whenText(post.happenedDate, post.happenedTime)}
        </Text>
        {post.reward !== null && post.reward > 0 && (
          <Text size="sm" fw={700} c="red.9">
            {t('lost.card.reward', { amount: formatWon(post.reward) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
