import { SimpleGrid, Text } from '@mantine/core';
import type { Pet } from '@pawbridge/shared';
import { t } from '@/messages';

/** The dog's facts as label/value pairs (a description list for screen readers). */
export default function PetInfoGrid({ pet, cols = 2 }: { pet: Pet; cols?: number }) {
  const items: [string, string][] = [
    [t('pets.info.type'), pet.type || t('pets.unknownValue')],
    [t('pets.info.weight'), t('pets.weightValue', { weight: pet.weight })],
    [t('pets.info.age'), t('pets.ageValue', { age: pet.age })],
    [t('pets.info.size'), pet.size ? t(`pets.size.${pet.size}`) : t('pets.unknownValue')],
    [t('pets.info.gender'), pet.gender ? t(`pets.gender.${pet.gender}`) : t('pets.unknownValue')],
    [t('pets.info.adopt'), pet.adopt ? t('pets.adopt.true') : t('pets.adopt.false')],
    [t('pets.info.petId'), pet.petId],
  ];
  return (
    <SimpleGrid component="dl" cols={cols} spacing="xs" verticalSpacing={6} m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
