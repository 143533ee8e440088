import { useEffect, useState } from 'react';
import { FileInput, Image, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { LIMITS } from '@pawbridge/shared';
import { t } from '@/messages';

export interface ImageInputProps {
  label: string;
  value: File | null;
  /** Receives the chosen file, or null when the choice was cleared or rejected. */
  onChange: (file: File | null) => void;
  /** An error from the surrounding form (e.g. "photo required"); the picker's own checks come first. */
  error?: string | null;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  /** Alt text of the preview; defaults to a generic "selected photo" line. */
  previewAlt?: string;
  /** Preview height in px. */
  previewHeight?: number;
}

/** The client-side photo rules of spec §5: an image type and at most 5 MB. Returns a message or null. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return t('imageInput.typeInvalid');
  if (file.size > LIMITS.imageMaxBytes) return t('imageInput.tooLarge');
  return null;
}

/**
 * Accessible photo picker with a live preview. The server checks the type by
 * content again; these checks only spare the user a pointless upload.
 */
export default function ImageInput({ label, value, onChange, error, description, required, disabled, name, previewAlt, previewHeight = 220 }: ImageInputProps) {
  const [ownError, setOwnError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  // Object URLs pin the file in memory until revoked, so each preview is released when it changes.
  useEffect(() => {
    if (!value) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const handleChange = (file: File | null) => {
    if (!file) {
      setOwnError(null);
      onChange(null);
      return;
    }
    const problem = checkImageFile(file);
    setOwnError(problem);
    onChange(problem ? null : file);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={description ?? t('imageInput.hint')}
        placeholder={t('imageInput.placeholder')}
        accept="image/*"
        value={value}
        onChange={handleChange}
        error={ownError ?? error ?? undefined}
        required={required}
        disabled={disabled}
        name={name}
        clearable
        clearButtonProps={{ 'aria-label': t('imageInput.clear') }}
        leftSection={<IconPhoto size={18} aria-hidden />}
      />
      {previewUrl && <Image src={previewUrl} alt={previewAlt ?? t('imageInput.previewAlt')} h={previewHeight} fit="contain" radius="md" bg="gray.1" />}
    </Stack>
  );
}
