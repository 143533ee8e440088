import { AspectRatio, Center } from '@mantine/core';
import DogNote from '@/components/DogNote';
import type { Pet } from '@pawbridge/shared';
import SafeImage from '@/components/SafeImage';
import { t } from '@/messages';

/** The dog's photo, or a labelled placeholder when it has none or it fails to load. */
export default function PetPhoto({ pet, ratio = 4 / 3 }: { pet: Pet; ratio?: number }) {
  return (
    <AspectRatio ratio={ratio}>
      <SafeImage
        src={pet.imageUrl}
        alt={t('pets.card.photoAlt', { name: pet.name })}
        fit="cover"
        radius="md"
        fallback={
          <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <DogNote iconSize={40}>{t('pets.card.noPhoto')}</DogNote>
          </Center>
        }
      />
    </AspectRatio>
  );
}
