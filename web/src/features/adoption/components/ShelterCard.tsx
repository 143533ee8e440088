import { Anchor, Badge, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconBuildingCommunity, IconPaw, IconPhone } from '@tabler/icons-react';
import type { ShelterAnimal } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { touchTargetClass } from '@/components/form/input-action';
import SafeImage from '@/components/SafeImage';
import { cardPhoto } from '@/lib/photo-sizes';
import { t } from '@/messages';
import { koreanDay } from '../status';
import { noticeDay, noticeDayColor, noticeDayLabel, shelterStatusLook, telHref } from './shelter-notice';

interface Props {
  animal: ShelterAnimal;
  /** Today is read once per list so every card counts from the same day. */
  now?: Date;
  /** The first card of the list: its photo loads first; the others as they scroll in. */
  first?: boolean;
  /** Over the photo, top right: the heart the app composes in (issue 28). */
  heart?: React.ReactNode;
}

const kindOf = (a: ShelterAnimal) => a.kind.trim() || t('shelter.card.kindUnknown');

/**
 * A dog in a public shelter (the portal's notice). Adoption is a call or a
 * visit to the shelter, so the card offers the shelter's phone and address,
 * never our in-app application or a donation.
 */
export default function ShelterCard({ animal: a, now, first = false, heart }: Props) {
  const kind = kindOf(a);
  const status = shelterStatusLook(a);
  // The portal's state lags: an animal still "protecting" past its notice end is shown as such, with the notice over.
  const day = a.status === 'PROTECTING' || a.status === 'NOTICE' ? noticeDay(a.noticeEnd, now) : null;
  const tel = telHref(a.shelter.tel);
  const details = [t(`shelter.sex.${a.sex}`), t(`shelter.neutered.${a.neutered}`)].join(' · ');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${t('shelter.card.source')} ${kind} ${a.noticeNo ?? a.desertionNo}`}
      h="100%"
    >
      <Card.Section pos="relative">
        <SafeImage
          {...cardPhoto(a.imageUrls[0], { first, sizes: '' })}
          alt={t('shelter.card.imageAlt', { kind })}
          h={200}
          fit="cover"
          fallback={
            <Center h={200} bg="gray.0" c="gray.7">
              <Stack align="center" gap={4}>
                <IconPaw size={40} aria-hidden />
                <Text size="sm">{t('adopt.card.noImage')}</Text>
              </Stack>
            </Center>
          }
        />
        <Group gap={6} pos="absolute" top={12} left={12}>
          <Badge color={status.color} variant="filled" aria-label={t('shelter.card.status', { label: status.label })}>
            {status.label}
          </Badge>
          {day && (
            <Badge color={noticeDayColor(day)} variant="filled">
              {noticeDayLabel(day)}
            </Badge>
          )}
        </Group>
        {heart}
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Badge variant="light" color="indigo" leftSection={<IconBuildingCommunity size={12} aria-hidden />} w="fit-content">
          {t('shelter.card.source')}
        </Badge>
        <Title order={3} size="h4">
          <Anchor
            component={Link}
            to={`/shelter/${encodeURIComponent(a.desertionNo)}`}
            inherit
            c="inherit"
            aria-label={t('animal.cardLink', { name: `${kind} ${a.noticeNo ?? a.desertionNo}` })}
          >
            {kind}
          </Anchor>
        </Title>
        <InfoLine label={t('shelter.card.sex')} value={details} />
        <InfoLine label={t('shelter.card.age')} value={a.ageText} />
        {a.weightKg !== null && <InfoLine label={t('shelter.card.weight')} value={t('shelter.card.weightValue', { kg: a.weightKg })} />}
        <InfoLine label={t('shelter.card.place')} value={a.happenPlace} />
        <InfoLine label={t('shelter.card.date')} value={koreanDay(a.happenDate)} />
        {a.noticeStart && a.noticeEnd && (
          <InfoLine
            label={t('shelter.card.notice')}
            value={t('shelter.card.noticeRange', { start: koreanDay(a.noticeStart), end: koreanDay(a.noticeEnd) })}
          />
        )}
        <InfoLine label={t('shelter.card.state')} value={a.processState} />
        <InfoLine label={t('shelter.card.shelter')} value={a.shelter.name} />
        {a.shelter.tel && <InfoLine label={t('shelter.card.tel')} value={a.shelter.tel} />}
        {a.shelter.address && <InfoLine label={t('shelter.card.address')} value={a.shelter.address} />}
        {a.specialMark && (
          <Text size="sm" c="dark.4" lineClamp={3} mt={4}>
            {a.specialMark}
          </Text>
        )}
      </Stack>
      {tel ? (
        <Button
          mt="md"
          fullWidth
          className={touchTargetClass}
          variant="light"
          color="indigo"
          component="a"
          href={tel}
          leftSection={<IconPhone size={16} aria-hidden />}
          aria-label={t('shelter.card.contactFor', { shelter: a.shelter.name, tel: a.shelter.tel ?? '' })}
        >
          {t('shelter.card.contact')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed" mt="md">
          {t('shelter.card.noTel')}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={6}>
        {t('shelter.card.contactHint')}
      </Text>
    </Card>
  );
}
