import { useEffect, useRef } from 'react';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import MapPicker from '@/components/map/MapPicker';
import { usePlaceName } from '@/components/map/use-place-name';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { dateBounds, type PlaceValues } from './form-kit';

interface Props {
  value: PlaceValues;
  onChange: <K extends keyof PlaceValues>(field: K, v: PlaceValues[K]) => void;
  errors: Partial<Record<keyof PlaceValues, string | undefined>>;
  required?: boolean;
}

/** Where and when: a pin on the project's map picker, the place in words (filled from the pin while not typed), date and time. */
export default function PlaceTimeFields({ value, onChange, errors, required = true }: Props) {
  const named = usePlaceName(value.position);
  // The address follows the pin only until the member types their own words.
  const typed = useRef(false);
  useEffect(() => {
    if (named && !typed.current) onChange('address', named.slice(0, LOST_LIMITS.addressMax));
    // onChange is the form's setter; only a new name matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [named]);
  const bounds = dateBounds();
  return (
    <Stack>
      <MapPicker
        label={t('lostForm.field.map')}
        hint={t('lostForm.field.mapHint')}
        value={value.position}
        onChange={(p) => onChange('position', p)}
        error={errors.position}
        required={required}
      />
      <TextInput
        label={t('lostForm.field.address')}
        placeholder={t('lostForm.field.addressPlaceholder')}
        required={required}
        maxLength={LOST_LIMITS.addressMax}
        value={value.address}
        error={errors.address}
        onChange={(e) => {
          typed.current = true;
          onChange('address', e.currentTarget.value);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label={t('lostForm.field.date')}
          required={required}
          min={bounds.min}
          max={bounds.max}
          value={value.date}
          error={errors.date}
          onChange={(e) => onChange('date', e.currentTarget.value)}
        />
        <TextInput
          type="time"
          label={t('lostForm.field.time')}
          required={required}
          value={value.time}
          error={errors.time}
          onChange={(e) => onChange('time', e.currentTarget.value)}
        />
      </SimpleGrid>
    </Stack>
  );
}
