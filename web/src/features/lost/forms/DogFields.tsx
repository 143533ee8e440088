import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { PET_GENDERS, PET_SIZES, type PetGender, type PetSize } from '@pawbridge/shared';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';
import '@/messages/lost-forms';

export interface DogValues {
  breed: string;
  size: PetSize | '';
  gender: PetGender | '';
  colour: string;
}

interface Props {
  value: DogValues;
  onChange: <K extends keyof DogValues>(field: K, v: DogValues[K]) => void;
  errors: Partial<Record<keyof DogValues, string | undefined>>;
}

/** What the dog looks like: breed, size, gender and coat colour (all optional). */
export default function DogFields({ value, onChange, errors }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t('lostForm.field.breed')}
        maxLength={LOST_LIMITS.breedMax}
        value={value.breed}
        error={errors.breed}
        onChange={(e) => onChange('breed', e.currentTarget.value)}
      />
      <TextInput
        label={t('lostForm.field.colour')}
        placeholder={t('lostForm.field.colourPlaceholder')}
        maxLength={LOST_LIMITS.colourMax}
        value={value.colour}
        error={errors.colour}
        onChange={(e) => onChange('colour', e.currentTarget.value)}
      />
      <NativeSelect
        label={t('lostForm.field.size')}
        value={value.size}
        error={errors.size}
        onChange={(e) => onChange('size', e.currentTarget.value as PetSize | '')}
        data={[{ value: '', label: t('lostForm.field.choose') }, ...PET_SIZES.map((s) => ({ value: s, label: t(`pets.size.${s}`) }))]}
      />
      <NativeSelect
        label={t('lostForm.field.gender')}
        value={value.gender}
        error={errors.gender}
        onChange={(e) => onChange('gender', e.currentTarget.value as PetGender | '')}
        data={[{ value: '', label: t('lostForm.field.choose') }, ...PET_GENDERS.map((g) => ({ value: g, label: t(`pets.gender.${g}`) }))]}
      />
    </SimpleGrid>
  );
}
