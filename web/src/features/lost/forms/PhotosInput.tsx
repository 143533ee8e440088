import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import ImageInput from '@/components/form/ImageInput';
import { t } from '@/messages';
import '@/messages/lost-forms';

interface Props {
  label: string;
  /** The chosen files, one per slot; a null slot is empty. */
  value: (File | null)[];
  onChange: (next: (File | null)[]) => void;
  /** How many may be chosen here (five a post, less any photo carried over). */
  max: number;
  error?: string;
  description?: string;
  required?: boolean;
}

/** Up to `max` photos: every chosen one keeps its slot and preview, and one empty slot follows while there is room. */
export default function PhotosInput({ label, value, onChange, max, error, description, required }: Props) {
  const files = value.filter((f): f is File => f !== null);
  const slots = files.length < max ? [...files, null] : files.slice(0, max);
  const set = (i: number, f: File | null) => {
    const next = [...slots];
    next[i] = f;
    onChange(next.filter((x): x is File => x !== null));
  };
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }} data-photos-field aria-invalid={error ? true : undefined}>
      <Text component="legend" fw={500} size="sm" p={0}>
        {label}
        {required && (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Stack gap="xs" mt="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {slots.map((f, i) => (
            <ImageInput
              key={f ? `${f.name}:${f.size}:${f.lastModified}:${i}` : `empty-${i}`}
              label={t('lostForm.field.photoSlot', { n: i + 1 })}
              value={f}
              onChange={(next) => set(i, next)}
              previewHeight={160}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('lostForm.field.photosHint', { max })}
        </Text>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
