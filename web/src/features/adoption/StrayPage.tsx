import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { Stray } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { ListError, ListLoading } from '@/components/ListState';
import PhotoCarousel from '@/components/PhotoCarousel';
import ShareButton from '@/components/ShareButton';
import { adoptListBadge } from '@/components/stray-status';
import { ApiError } from '@/lib/api-client';
import { absoluteUrl, PageMeta, usePublicOrigin } from '@/lib/page-meta';
import { t } from '@/messages';
import { strayIdOf, useStray } from './api';
import { adoptButton, koreanDay } from './status';
import AnimalLayout from './components/AnimalLayout';
import AnimalNotFound from './components/AnimalNotFound';
import { useApply } from './components/use-apply';

const breedOf = (s: Stray) => s.type?.trim() || t('adopt.card.breedUnknown');

interface Props {
  /** More actions the app composes in (donations; features never import each other). */
  extra?: (stray: Stray) => React.ReactNode;
  /** The heart beside the name (favourites, issue 28), composed by the app. */
  heart?: (stray: Stray) => React.ReactNode;
}

/** /adopt/:id — one of our strays: its photo, everything known about it, apply, donate and share. */
export default function StrayPage({ extra, heart }: Props) {
  const id = strayIdOf(useParams().id);
  const { stray, error, isLoading, reload } = useStray(id);
  const { apply, applyingId } = useApply(reload);
  const origin = usePublicOrigin();

  if (id === null || (error instanceof ApiError && error.status === 404)) return <AnimalNotFound />;
  if (isLoading && !stray) return <ListLoading />;
  if (!stray)
    return (
      <Stack p="lg">
        <ListError message={t('animal.loadFailed')} onRetry={() => void reload()} />
      </Stack>
    );

  const path = `/adopt/${stray.id}`;
  const badge = adoptListBadge(stray.status);
  const button = adoptButton(stray.status);
  const breed = breedOf(stray);
  const day = koreanDay(stray.foundDate);
  const description = t('animal.metaStray', { place: stray.place, date: day, breed });
  const title = `${stray.name} · ${breed}`;
  return (
    <AnimalLayout
      title={stray.name}
      heart={heart?.(stray)}
      badges={
        <Badge color={badge.color} variant="filled" aria-label={t('adopt.card.status', { label: badge.label })}>
          {badge.label}
        </Badge>
      }
      photos={<PhotoCarousel photos={stray.imageUrl ? [stray.imageUrl] : []} name={stray.name} />}
    >
      <PageMeta title={title} description={description} image={stray.imageUrl ?? undefined} path={path} type="article" />
      <Stack gap={6} component="section" aria-label={t('animal.details')}>
        <InfoLine label={t('adopt.card.breed')} value={breed} />
        <InfoLine label={t('adopt.card.gender')} value={t(stray.gender ? `stray.gender.${stray.gender}` : 'stray.gender.unknown')} />
        <InfoLine label={t('adopt.card.place')} value={stray.place} />
        <InfoLine label={t('adopt.card.date')} value={`${day} ${stray.foundTime.slice(0, 5)}`} />
        <InfoLine label={t('animal.status')} value={badge.label} />
      </Stack>
      {stray.description && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('animal.description')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {stray.description}
          </Text>
        </Stack>
      )}
      <Button
        size="lg"
        fullWidth
        disabled={!button.enabled}
        loading={applyingId === stray.id}
        onClick={() => void apply(stray)}
        aria-label={button.enabled ? t('adopt.button.applyFor', { name: stray.name }) : undefined}
      >
        {button.label}
      </Button>
      {extra?.(stray)}
      <Group>
        <ShareButton title={title} text={description} url={absoluteUrl(origin, path)} />
      </Group>
    </AnimalLayout>
  );
}
