import { useState } from 'react';
import { Anchor, Badge, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { Link } from 'react-router';
import { seoulToday } from '@pawbridge/shared';
import type { Favourite } from '@pawbridge/shared/favourites.schema';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { touchTargetClass } from '@/components/form/input-action';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';
import SafeImage from '@/components/SafeImage';
import { thumbnailOf } from '@/lib/photo-sizes';
import { t } from '@/messages';
import { useFavouriteList, useToggleFavourite } from './api';
import SavedSearches from './SavedSearches';

const STATUS_COLOUR: Record<Favourite['status'], string> = { OPEN: 'teal', ADOPTED: 'green', RETURNED: 'green', ENDED: 'gray' };

/** A shelter animal's notice as a D-day badge's words (shelter.dday.*), or null. */
function dday(end: string | null, status: Favourite['status']): { label: string; urgent: boolean } | null {
  if (!end || status !== 'OPEN') return null;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${seoulToday()}T00:00:00Z`)) / 86_400_000);
  if (days > 0) return { label: t('shelter.dday.left', { days }), urgent: days <= 3 };
  return { label: t(days === 0 ? 'shelter.dday.today' : 'shelter.dday.ended'), urgent: days === 0 };
}

const nameOf = (f: Favourite) =>
  f.source === 'member' ? f.name : t('fav.shelterName', { kind: f.breed, no: f.noticeNo ?? f.desertionNo });
const linkOf = (f: Favourite) => (f.source === 'member' ? `/adopt/${f.strayId}` : `/shelter/${encodeURIComponent(f.desertionNo)}`);
const keyOf = (f: Favourite) => (f.source === 'member' ? `m${f.strayId}` : `s${f.desertionNo}`);

function FavouriteRow({ f, onRemove, removing }: { f: Favourite; onRemove: () => void; removing: boolean }) {
  const name = nameOf(f);
  const d = f.source === 'shelter' ? dday(f.noticeEnd, f.status) : null;
  const photo = f.imageUrl ? (thumbnailOf(f.imageUrl) ?? f.imageUrl) : null;
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <SafeImage
          src={photo}
          alt={t('fav.list.photoAlt', { name })}
          w={72}
          h={72}
          radius="sm"
          fit="cover"
          fallback={
            <Center w={72} h={72} bg="gray.0" c="gray.7" style={{ borderRadius: 4, flexShrink: 0 }}>
              <IconPaw size={28} aria-hidden />
            </Center>
          }
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6}>
            <Badge variant="light" color={f.source === 'member' ? 'orange' : 'indigo'}>
              {t(`fav.list.source.${f.source}`)}
            </Badge>
            <Badge variant="light" color={STATUS_COLOUR[f.status]}>
              {t(`fav.list.status.${f.status}`)}
            </Badge>
            {d && (
              <Badge variant="filled" color={d.urgent ? 'red' : 'gray'}>
                {d.label}
              </Badge>
            )}
          </Group>
          <Anchor
            component={Link}
            to={linkOf(f)}
            fw={600}
            display="block"
            py={6}
            style={{ wordBreak: 'keep-all' }}
            aria-label={t('fav.list.open', { name })}
          >
            {name}
          </Anchor>
          {f.source === 'member' && f.breed && (
            <Text size="sm" c="gray.7" lineClamp={1}>
              {f.breed}
            </Text>
          )}
        </Stack>
        <Button variant="default" className={touchTargetClass} loading={removing} onClick={onRemove} aria-label={t('fav.remove', { name })}>
          {t('fav.list.remove')}
        </Button>
      </Group>
    </Card>
  );
}

/** My page's favourites tab (issue 28): the hearted dogs, removable, and the saved searches. */
export default function FavouritesTab() {
  const { favourites, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useFavouriteList(true);
  const toggle = useToggleFavourite();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (f: Favourite) => {
    setRemoving(keyOf(f));
    try {
      await toggle(
        f.source === 'member' ? { source: 'member', strayId: f.strayId } : { source: 'shelter', desertionNo: f.desertionNo },
        false,
      );
      notifySuccess(t('fav.removed', { name: nameOf(f) }));
    } catch (err) {
      notifyError(errorMessage(err, 'fav.failed'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('fav.list.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('fav.list.intro')}
        </Text>
        {isLoading ? (
          <ListLoading />
        ) : error ? (
          <ListError message={t('fav.list.failed')} onRetry={() => void reload()} />
        ) : !favourites || favourites.length === 0 ? (
          <ListEmpty message={t('fav.list.empty')} />
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('fav.list.label')}>
              {favourites.map((f) => (
                <FavouriteRow key={keyOf(f)} f={f} removing={removing === keyOf(f)} onRemove={() => void remove(f)} />
              ))}
            </Stack>
            <LoadMore shown={favourites.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
          </>
        )}
      </Stack>
      <SavedSearches />
    </Stack>
  );
}
