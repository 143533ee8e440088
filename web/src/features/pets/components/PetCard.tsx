import { Badge, Button, Card, FileButton, Group, Stack, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Pet } from '@pawbridge/shared';
import { t } from '@/messages';
import PetInfoGrid from './PetInfoGrid';
import PetPhoto from './PetPhoto';
import PetLostAction from './PetLostAction';

interface Props {
  pet: Pet;
  /** 1-based position in the list (the card's running number). */
  number: number;
  uploading: boolean;
  deleting: boolean;
  onPhoto: (file: File) => void;
  onDelete: () => void;
  /** Lost and found is on here (not the legacy): the card offers a missing report or shows that the dog is missing. */
  lostEnabled?: boolean;
  /** The dog's open missing report, if any. */
  lostPostId?: number;
}

/** One dog in the list: number, photo, photo change, facts, and its actions. */
export default function PetCard({ pet, number, uploading, deleting, onPhoto, onDelete, lostEnabled = false, lostPostId }: Props) {
  const photoLabel = pet.imageUrl ? t('pets.card.change') : t('pets.card.upload');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`pet-${pet.id}-name`} aria-busy={uploading || deleting}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge variant="light" size="lg" radius="sm">
              {t('pets.card.number', { n: number })}
            </Badge>
            <Title order={2} size="h4" id={`pet-${pet.id}-name`} lineClamp={1}>
              {pet.name}
            </Title>
          </Group>
        </Group>
        <PetPhoto pet={pet} />
        <FileButton onChange={(f) => f && onPhoto(f)} accept="image/*" disabled={uploading}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconCamera size={16} aria-hidden />}
              disabled={uploading}
              aria-label={pet.imageUrl ? t('pets.card.changeLabel', { name: pet.name }) : t('pets.card.uploadLabel', { name: pet.name })}
            >
              {uploading ? t('pets.card.uploading') : photoLabel}
            </Button>
          )}
        </FileButton>
        <PetInfoGrid pet={pet} />
        {lostEnabled && <PetLostAction pet={pet} lostPostId={lostPostId} />}
        <Group grow gap="xs">
          <Button component={Link} to={`/pet/profile/${encodeURIComponent(pet.id)}`} variant="default" size="sm" px="xs">
            {t('pets.card.profile')}
          </Button>
          <Button component={Link} to={`/pet/edit/${encodeURIComponent(pet.id)}`} variant="default" size="sm" px="xs">
            {t('pets.card.edit')}
          </Button>
          <Button
            color="red"
            variant="light"
            size="sm"
            onClick={onDelete}
            disabled={deleting}
            px="xs"
            aria-label={t('pets.card.deleteLabel', { name: pet.name })}
          >
            {deleting ? t('pets.card.deleting') : t('pets.card.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
