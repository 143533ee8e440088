import { Anchor, Badge, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconPaw } from '@tabler/icons-react';
import type { Stray } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { touchTargetClass } from '@/components/form/input-action';
import SafeImage from '@/components/SafeImage';
import { ADOPT_GRID_SIZES, cardPhoto } from '@/lib/photo-sizes';
import { t } from '@/messages';
import { adoptListBadge } from '@/components/stray-status';
import { adoptButton, koreanDay } from '../status';

interface Props {
  stray: Stray;
  onApply: (stray: Stray) => void;
  applying: boolean;
  /** More for the card's foot, composed by the app (e.g. donations). */
  extra?: React.ReactNode;
  /** The first card of the list: its photo loads first (fetchpriority high); the others load as they scroll in. */
  first?: boolean;
  /** Over the photo, top right: the heart the app composes in (issue 28). */
  heart?: React.ReactNode;
}

export default function StrayCard({ stray, onApply, applying, extra, first = false, heart }: Props) {
  const badge = adoptListBadge(stray.status);
  const button = adoptButton(stray.status);
  const gender = t(stray.gender ? `stray.gender.${stray.gender}` : 'stray.gender.unknown');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={stray.name} h="100%">
      <Card.Section pos="relative">
        <SafeImage
          {...cardPhoto(stray.imageUrl, { first, sizes: ADOPT_GRID_SIZES })}
          alt={t('adopt.card.imageAlt', { name: stray.name })}
          h={200}
          fit="cover"
          fallback={
            <Center h={200} bg="orange.0" c="orange.4">
              <Stack align="center" gap={4}>
                <IconPaw size={40} aria-hidden />
                <Text size="sm">{t('adopt.card.noImage')}</Text>
              </Stack>
            </Center>
          }
        />
        <Badge
          color={badge.color}
          variant="filled"
          pos="absolute"
          top={12}
          left={12}
          aria-label={t('adopt.card.status', { label: badge.label })}
        >
          {badge.label}
        </Badge>
        {heart}
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} size="h4">
          {/* The card's way to the stray's own page (issue 26). */}
          <Anchor component={Link} to={`/adopt/${stray.id}`} inherit c="inherit" aria-label={t('animal.cardLink', { name: stray.name })}>
            {stray.name}
          </Anchor>
        </Title>
        <InfoLine label={t('adopt.card.breed')} value={stray.type || t('adopt.card.breedUnknown')} />
        <InfoLine label={t('adopt.card.gender')} value={gender} />
        <InfoLine label={t('adopt.card.place')} value={stray.place} />
        <InfoLine label={t('adopt.card.date')} value={`${koreanDay(stray.foundDate)} ${stray.foundTime.slice(0, 5)}`} />
        {stray.description && (
          <Text size="sm" c="dark.4" lineClamp={3} mt={4}>
            {stray.description}
          </Text>
        )}
      </Stack>
      <Button
        mt="md"
        fullWidth
        className={touchTargetClass}
        disabled={!button.enabled}
        loading={applying}
        onClick={() => onApply(stray)}
        aria-label={button.enabled ? t('adopt.button.applyFor', { name: stray.name }) : undefined}
      >
        {button.label}
      </Button>
      {extra && <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{extra}</div>}
    </Card>
  );
}
