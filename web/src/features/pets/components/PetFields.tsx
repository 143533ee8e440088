import { Group, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PET_GENDERS, PET_LIMITS, PET_SIZES, LIMITS } from '@pawbridge/shared';
import ImageInput from '@/components/form/ImageInput';
import { t } from '@/messages';
import type { PetFormErrors, PetFormValues } from '../pet-form';

interface Props {
  values: PetFormValues;
  errors: PetFormErrors;
  onChange: <K extends keyof PetFormValues>(key: K, value: PetFormValues[K]) => void;
  /** Leaving a number field: the page checks its rule (see numberFieldError). */
  onNumberBlur?: (key: 'weight' | 'age') => void;
  disabled?: boolean;
  /** Registration asks for the registration number and the photo; an edit keeps both. */
  mode: 'register' | 'edit';
}

/**
 * The dog's fields (spec §3). Number inputs drop only keystrokes that cannot be part
 * of a number; they never clamp or round what was typed (no min/max clamping, no
 * decimal scale): the rule is shown under the field instead.
 */
export default function PetFields({ values, errors, onChange, onNumberBlur, disabled, mode }: Props) {
  return (
    <Stack gap="md">
      {mode === 'register' && (
        <ImageInput
          label={t('pets.field.photo')}
          value={values.photo}
          onChange={(f) => onChange('photo', f)}
          error={errors.photo}
          required
          disabled={disabled}
          name="profile"
          previewHeight={200}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('pets.field.name')}
          placeholder={t('pets.field.namePlaceholder')}
          value={values.name}
          onChange={(e) => onChange('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={PET_LIMITS.nameMax}
          required
          disabled={disabled}
        />
        <TextInput
          label={t('pets.field.type')}
          placeholder={t('pets.field.typePlaceholder')}
          value={values.type}
          onChange={(e) => onChange('type', e.currentTarget.value)}
          error={errors.type}
          maxLength={PET_LIMITS.typeMax}
          required
          disabled={disabled}
        />
        <NumberInput
          label={t('pets.field.weight')}
          description={t('pets.field.weightHint', { max: PET_LIMITS.weightMax })}
          value={values.weight}
          onChange={(v) => onChange('weight', v)}
          onBlur={() => onNumberBlur?.('weight')}
          error={errors.weight}
          clampBehavior="none"
          min={LIMITS.weightStep}
          max={PET_LIMITS.weightMax}
          step={LIMITS.weightStep}
          inputMode="decimal"
          required
          disabled={disabled}
        />
        <NumberInput
          label={t('pets.field.age')}
          description={t('pets.field.ageHint', { max: PET_LIMITS.ageMax })}
          value={values.age}
          onChange={(v) => onChange('age', v)}
          onBlur={() => onNumberBlur?.('age')}
          error={errors.age}
          clampBehavior="none"
          min={1}
          max={PET_LIMITS.ageMax}
          step={1}
          inputMode="numeric"
          required
          disabled={disabled}
        />
      </SimpleGrid>
      <Radio.Group label={t('pets.field.size')} value={values.size} onChange={(v) => onChange('size', v as PetFormValues['size'])} error={errors.size} withAsterisk>
        <Group gap="lg" mt={6}>
          {PET_SIZES.map((s) => (
            <Radio key={s} value={s} label={t(`pets.size.${s}`)} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label={t('pets.field.gender')} value={values.gender} onChange={(v) => onChange('gender', v as PetFormValues['gender'])} error={errors.gender} withAsterisk>
        <Group gap="lg" mt={6}>
          {PET_GENDERS.map((g) => (
            <Radio key={g} value={g} label={t(`pets.gender.${g}`)} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label={t('pets.field.adopt')} value={values.adopt} onChange={(v) => onChange('adopt', v as PetFormValues['adopt'])} error={errors.adopt} withAsterisk>
        <Group gap="lg" mt={6}>
          <Radio value="true" label={t('pets.field.adoptYes')} disabled={disabled} />
          <Radio value="false" label={t('pets.field.adoptNo')} disabled={disabled} />
        </Group>
      </Radio.Group>
      {mode === 'register' && (
        <TextInput
          label={t('pets.field.petId')}
          description={t('pets.field.petIdHint')}
          value={values.petId}
          onChange={(e) => onChange('petId', e.currentTarget.value)}
          error={errors.petId}
          maxLength={PET_LIMITS.petIdMax}
          inputMode="numeric"
          required
          disabled={disabled}
        />
      )}
    </Stack>
  );
}
