import { AspectRatio, Badge, Box, Button, Center, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import DogNote from '@/components/DogNote';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { Link } from 'react-router';
import type { Stray } from '@pawbridge/shared';
import SafeImage from '@/components/SafeImage';
import { CAROUSEL_SIZES, cardPhoto } from '@/lib/photo-sizes';
import { adoptListBadge } from '@/components/stray-status';
import { t } from '@/messages';
import { useHomeStrays } from '../api';
import classes from './StrayCarousel.module.css';

// The placeholder's .placeholderSlide repeats these sizes.
const SLIDE_SIZE = { base: '80%', xs: '50%', md: '25%' };
const NBSP = '\u00a0';

function StrayCard({ stray, first }: { stray: Stray; first: boolean }) {
  const breed = stray.type?.trim() || t('home.strays.breedUnknown');
  const badge = adoptListBadge(stray.status);
  return (
    // Named by what it shows (axe: a name must contain the visible words), plus a hidden "see its page".
    <Link to={`/adopt/${stray.id}`} className={classes.card}>
      <AspectRatio ratio={4 / 3}>
        <SafeImage
          {...cardPhoto(stray.imageUrl, { first, sizes: CAROUSEL_SIZES })}
          alt=""
          fit="cover"
          fallback={
            <Center bg="gray.1">
              <DogNote iconSize={40}>{t('home.strays.noPhoto')}</DogNote>
            </Center>
          }
        />
      </AspectRatio>
      <Badge className={classes.status} color={badge.color} variant="filled">
        {badge.label}
      </Badge>
      <Stack gap={2} p="sm">
        <Text fw={600} truncate>
          {breed}
        </Text>
        <Text size="sm" c="gray.7" truncate>
          {stray.place}
        </Text>
        <VisuallyHidden>{t('home.strays.cardSuffix')}</VisuallyHidden>
      </Stack>
    </Link>
  );
}

/** A card's outline while the strays load: the same box as StrayCard (photo 4:3, two lines), so nothing below moves. */
function PlaceholderCard() {
  return (
    <div className={classes.card}>
      <AspectRatio ratio={4 / 3}>
        <Box bg="gray.1" />
      </AspectRatio>
      <Stack gap={2} p="sm">
        <Text fw={600}>{NBSP}</Text>
        <Text size="sm">{NBSP}</Text>
      </Stack>
    </div>
  );
}

/**
 * Four placeholder slides in the carousel's frame (its slide sizes and gap, room for the
 * indicators; StrayCarousel.module.css), plain boxes: no Embla until there is something to scroll.
 */
function PlaceholderCarousel() {
  return (
    <div className={classes.placeholderViewport} aria-hidden>
      <div className={classes.placeholderTrack}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={classes.placeholderSlide}>
            <PlaceholderCard />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Up to eight strays, four to a view on wide screens, fewer on phones where a
 * swipe moves on (spec §2 Home). With four or fewer everything fits, so Embla
 * cannot scroll and the previous/next buttons stay disabled.
 */
export function StrayCarousel() {
  const { strays, error, isLoading, reload } = useHomeStrays();

  const body = () => {
    if (isLoading) {
      return (
        <>
          <VisuallyHidden role="status">{t('home.strays.loading')}</VisuallyHidden>
          <PlaceholderCarousel />
        </>
      );
    }
    if (error || !strays) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text role="alert">{t('home.strays.failed')}</Text>
            <Button variant="light" onClick={() => void reload()}>
              {t('home.retry')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    if (strays.length === 0) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text>{t('home.strays.empty')}</Text>
            <Button component={Link} to="/adopt" variant="light">
              {t('home.strays.viewList')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    return (
      <Carousel
        role="group"
        aria-label={t('home.strays.region')}
        slideSize={SLIDE_SIZE}
        slideGap="md"
        emblaOptions={{ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' }}
        withIndicators
        controlSize={36}
        previousControlProps={{ 'aria-label': t('home.strays.previous') }}
        nextControlProps={{ 'aria-label': t('home.strays.next') }}
        getIndicatorProps={(index) => ({ 'aria-label': t('home.strays.slide', { index: index + 1 }) })}
        classNames={{ indicator: classes.indicator, control: classes.control }}
        styles={{ indicators: { bottom: 0 } }}
        pb={32}
      >
        {strays.map((s, i) => (
          <Carousel.Slide key={s.id}>
            <StrayCard stray={s} first={i === strays.findIndex((x) => x.imageUrl)} />
          </Carousel.Slide>
        ))}
      </Carousel>
    );
  };

  return (
    <Box component="section" aria-labelledby="home-strays-title">
      <Title order={2} id="home-strays-title" size="h3" mb="md">
        {t('home.strays.title')}
      </Title>
      {body()}
    </Box>
  );
}
