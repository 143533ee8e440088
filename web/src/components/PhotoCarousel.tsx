import { AspectRatio, Center, Image, Stack, Text } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { IconPaw } from '@tabler/icons-react';
import { t } from '@/messages';

interface Props {
  /** Full photos, in order (an animal's page shows the full photo, not the list thumbnail). */
  photos: readonly string[];
  /** Names the animal in each photo's alt text. */
  name: string;
}

function NoPhoto() {
  return (
    <Center bg="orange.0" c="orange.5" h="100%">
      <Stack align="center" gap={4}>
        <IconPaw size={48} aria-hidden />
        <Text size="sm">{t('adopt.card.noImage')}</Text>
      </Stack>
    </Center>
  );
}

/**
 * Every photo of an animal, one at a time in a 4:3 frame (no shift while they load): swipe on phones,
 * arrows and dots elsewhere; the 4:3 frame reserves the room (no width/height attributes: they would stretch it).
 * The first is the page's main picture (fetchpriority high), the rest lazy.
 */
export default function PhotoCarousel({ photos, name }: Props) {
  const count = photos.length;
  const photo = (src: string, i: number) => (
    <AspectRatio ratio={4 / 3} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <Image
        src={src}
        alt={t('animal.photo', { name, index: i + 1, count })}
        fit="contain"
        loading={i === 0 ? 'eager' : 'lazy'}
        fetchPriority={i === 0 ? 'high' : undefined}
      />
    </AspectRatio>
  );
  if (count === 0)
    return (
      <AspectRatio ratio={4 / 3} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <NoPhoto />
      </AspectRatio>
    );
  if (count === 1) return photo(photos[0] ?? '', 0);
  return (
    <Carousel
      role="group"
      aria-label={t('animal.photos')}
      withIndicators
      emblaOptions={{ loop: false }}
      previousControlProps={{ 'aria-label': t('animal.photoPrev') }}
      nextControlProps={{ 'aria-label': t('animal.photoNext') }}
      getIndicatorProps={(index) => ({ 'aria-label': t('animal.photoGo', { index: index + 1 }) })}
    >
      {photos.map((src, i) => (
        <Carousel.Slide key={src}>{photo(src, i)}</Carousel.Slide>
      ))}
    </Carousel>
  );
}
