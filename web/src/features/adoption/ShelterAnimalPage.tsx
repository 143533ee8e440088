import { useMemo } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconPhone } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { DesertionNoSchema, type ShelterAnimal } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { ListError, ListLoading } from '@/components/ListState';
import PhotoCarousel from '@/components/PhotoCarousel';
import ShareButton from '@/components/ShareButton';
import { ApiError } from '@/lib/api-client';
import { absoluteUrl, PageMeta, usePublicOrigin } from '@/lib/page-meta';
import { t } from '@/messages';
import { useShelterAnimal } from './api';
import { koreanDay } from './status';
import AnimalLayout from './components/AnimalLayout';
import AnimalNotFound from './components/AnimalNotFound';
import { noticeDay, noticeDayColor, noticeDayLabel, shelterStatusLook, telHref } from './components/shelter-notice';

const kindOf = (a: ShelterAnimal) => a.kind.trim() || t('shelter.card.kindUnknown');

function metaDescription(a: ShelterAnimal, kind: string): string {
  if (a.noticeStart && a.noticeEnd)
    return t('animal.metaShelter', { shelter: a.shelter.name, kind, start: koreanDay(a.noticeStart), end: koreanDay(a.noticeEnd) });
  return t('animal.metaShelterNoNotice', { shelter: a.shelter.name, kind });
}

/** /shelter/:desertionNo — a dog in a public shelter: every photo, the notice and its D-day, and a call to the shelter. */
interface Props {
  /** The heart beside the title (favourites, issue 28), composed by the app. */
  heart?: (animal: ShelterAnimal) => React.ReactNode;
}

export default function ShelterAnimalPage({ heart }: Props = {}) {
  const raw = useParams().desertionNo;
  const desertionNo = raw && DesertionNoSchema.safeParse(raw).success ? raw : null;
  const { animal: a, error, isLoading, reload } = useShelterAnimal(desertionNo);
  const origin = usePublicOrigin();
  const now = useMemo(() => new Date(), []);

  if (desertionNo === null || (error instanceof ApiError && error.status === 404)) return <AnimalNotFound />;
  if (isLoading && !a) return <ListLoading />;
  if (!a)
    return (
      <Stack p="lg">
        <ListError message={t('animal.loadFailed')} onRetry={() => void reload()} />
      </Stack>
    );

  const kind = kindOf(a);
  const path = `/shelter/${encodeURIComponent(a.desertionNo)}`;
  const status = shelterStatusLook(a);
  const day = a.status === 'PROTECTING' || a.status === 'NOTICE' ? noticeDay(a.noticeEnd, now) : null;
  const tel = telHref(a.shelter.tel);
  const description = metaDescription(a, kind);
  const title = `${kind} · ${a.shelter.name}`;
  return (
    <AnimalLayout
      title={kind}
      heart={heart?.(a)}
      badges={
        <>
          <Badge color={status.color} variant="filled" aria-label={t('shelter.card.status', { label: status.label })}>
            {status.label}
          </Badge>
          {day && (
            <Badge color={noticeDayColor(day)} variant="filled">
              {noticeDayLabel(day)}
            </Badge>
          )}
          <Badge variant="light" color="indigo" leftSection={<IconBuildingCommunity size={12} aria-hidden />}>
            {t('shelter.card.source')}
          </Badge>
        </>
      }
      photos={<PhotoCarousel photos={a.imageUrls} name={kind} />}
    >
      <PageMeta title={title} description={description} image={a.imageUrls[0]} path={path} type="article" />
      <Stack gap={6} component="section" aria-label={t('animal.details')}>
        <InfoLine label={t('shelter.card.sex')} value={[t(`shelter.sex.${a.sex}`), t(`shelter.neutered.${a.neutered}`)].join(' · ')} />
        <InfoLine label={t('shelter.card.age')} value={a.ageText} />
        {a.weightKg !== null && <InfoLine label={t('shelter.card.weight')} value={t('shelter.card.weightValue', { kg: a.weightKg })} />}
        {a.color && <InfoLine label={t('animal.color')} value={a.color} />}
        <InfoLine label={t('shelter.card.place')} value={a.happenPlace} />
        <InfoLine label={t('shelter.card.date')} value={koreanDay(a.happenDate)} />
        {a.noticeStart && a.noticeEnd && (
          <InfoLine
            label={t('shelter.card.notice')}
            value={`${t('shelter.card.noticeRange', { start: koreanDay(a.noticeStart), end: koreanDay(a.noticeEnd) })}${day ? ` (${noticeDayLabel(day)})` : ''}`}
          />
        )}
        {a.noticeNo && <InfoLine label={t('animal.noticeNo')} value={a.noticeNo} />}
        <InfoLine label={t('shelter.card.state')} value={a.processState} />
      </Stack>
      {a.specialMark && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('shelter.card.special')}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.specialMark}
          </Text>
        </Stack>
      )}
      <Stack gap={6} component="section" aria-label={t('shelter.card.shelter')}>
        <Title order={2} size="h5">
          {t('shelter.card.shelter')}
        </Title>
        <InfoLine label={t('shelter.card.shelter')} value={a.shelter.name} />
        {a.shelter.tel && <InfoLine label={t('shelter.card.tel')} value={a.shelter.tel} />}
        {a.shelter.address && <InfoLine label={t('shelter.card.address')} value={a.shelter.address} />}
      </Stack>
      {tel ? (
        <Button
          size="lg"
          fullWidth
          color="indigo"
          component="a"
          href={tel}
          leftSection={<IconPhone size={18} aria-hidden />}
          aria-label={t('animal.callFor', { shelter: a.shelter.name, tel: a.shelter.tel ?? '' })}
        >
          {t('animal.call')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('shelter.card.noTel')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('shelter.card.contactHint')}
      </Text>
      <Group>
        <ShareButton title={title} text={description} url={absoluteUrl(origin, path)} />
      </Group>
    </AnimalLayout>
  );
}
