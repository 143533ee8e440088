import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Pet } from '@pawbridge/shared';
import { t } from '@/messages';
import '@/messages/lost-forms';

interface Props {
  pet: Pet;
  /** The dog's open missing report, if any: a missing badge with its link instead of the report action. */
  lostPostId: number | undefined;
}

/** On a registered dog (issue 27): report it missing (carrying its data into the form), or while lost a missing line. */
export default function PetLostAction({ pet, lostPostId }: Props) {
  if (lostPostId !== undefined) {
    return (
      <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Badge color="red" variant="filled">
              {t('petLost.badge')}
            </Badge>
            <Text size="sm">{t('petLost.badgeText', { name: pet.name })}</Text>
          </Group>
          <Button component={Link} to={`/lost/${lostPostId}`} size="sm" variant="white" color="red">
            {t('petLost.toPost')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Button
      component={Link}
      to={`/lost/new/missing?petId=${encodeURIComponent(pet.id)}`}
      variant="light"
      color="red"
      leftSection={<IconSpeakerphone size={16} aria-hidden />}
      aria-label={t('petLost.reportLabel', { name: pet.name })}
    >
      {t('petLost.report')}
    </Button>
  );
}
