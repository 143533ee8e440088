import { AspectRatio, Center, Stack, Text } from '@mantine/core';
import { IconDog } from '@tabler/icons-react';
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
            <Stack align="center" gap={4}>
              <IconDog size={40} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('pets.card.noPhoto')}
              </Text>
            </Stack>
          </Center>
        }
      />
    </AspectRatio>
  );
}
