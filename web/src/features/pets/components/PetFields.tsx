import { Group, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PET_GENDERS, PET_LIMITS, PET_SIZES, LIMITS } from '@pawbridge/shared';
import ImageInput from '@/components/form/ImageInput';
import { t } from '@/messages';
import { numberFieldError, type PetFormValues } from '../pet-form';

interface Props {
  form: UseFormReturnType<PetFormValues>;
  disabled?: boolean;
  /** Registration asks for the registration number and the photo; an edit keeps both. */
  mode: 'register' | 'edit';
}

/**
 * The dog's fields (spec §3). Number inputs drop only keystrokes that cannot be part
 * of a number; they never clamp or round what was typed (no min/max clamping, no
 * decimal scale): the rule is shown under the field instead.
 */
export default function PetFields({ form, disabled, mode }: Props) {
  // Leaving a number field says the rule it breaks at once (an empty one waits for submit).
  const checkNumber = (key: 'weight' | 'age') => form.setFieldError(key, numberFieldError(form.getValues(), key));
  return (
    <Stack gap="md">
      {mode === 'register' && (
        <ImageInput
          label={t('pets.field.photo')}
          value={form.values.photo}
          onChange={(file) => form.setFieldValue('photo', file)}
          error={form.errors.photo as string | undefined}
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
          {...form.getInputProps('name')}
          maxLength={PET_LIMITS.nameMax}
          required
          disabled={disabled}
        />
        <TextInput
          label={t('pets.field.type')}
          placeholder={t('pets.field.typePlaceholder')}
          {...form.getInputProps('type')}
          maxLength={PET_LIMITS.typeMax}
          required
          disabled={disabled}
        />
        <NumberInput
          label={t('pets.field.weight')}
          description={t('pets.field.weightHint', { max: PET_LIMITS.weightMax })}
          {...form.getInputProps('weight')}
          onBlur={() => checkNumber('weight')}
          clampBehavior="none"
          min={LIMITS.weightStep}
          max={PET_LIMITS.weightMax}
          step={LIMITS.weightStep}
          inputMode="decimal"
          // No 16 px steppers (issue 25 item 6): a phone's number pad and the arrow keys do it.
          hideControls
          required
          disabled={disabled}
        />
        <NumberInput
          label={t('pets.field.age')}
          description={t('pets.field.ageHint', { max: PET_LIMITS.ageMax })}
          {...form.getInputProps('age')}
          onBlur={() => checkNumber('age')}
          clampBehavior="none"
          min={1}
          max={PET_LIMITS.ageMax}
          step={1}
          inputMode="numeric"
          hideControls
          required
          disabled={disabled}
        />
      </SimpleGrid>
      <Radio.Group label={t('pets.field.size')} {...form.getInputProps('size')} withAsterisk>
        <Group gap="lg" mt={6}>
          {PET_SIZES.map((s) => (
            <Radio key={s} value={s} label={t(`pets.size.${s}`)} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label={t('pets.field.gender')} {...form.getInputProps('gender')} withAsterisk>
        <Group gap="lg" mt={6}>
          {PET_GENDERS.map((g) => (
            <Radio key={g} value={g} label={t(`pets.gender.${g}`)} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group label={t('pets.field.adopt')} {...form.getInputProps('adopt')} withAsterisk>
        <Group gap="lg" mt={6}>
          <Radio value="true" label={t('pets.field.adoptYes')} disabled={disabled} />
          <Radio value="false" label={t('pets.field.adoptNo')} disabled={disabled} />
        </Group>
      </Radio.Group>
      {mode === 'register' && (
        <TextInput
          label={t('pets.field.petId')}
          description={t('pets.field.petIdHint')}
          {...form.getInputProps('petId')}
          maxLength={PET_LIMITS.petIdMax}
          inputMode="numeric"
          required
          disabled={disabled}
        />
      )}
    </Stack>
  );
}
