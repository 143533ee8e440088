import { useEffect, useRef, useState } from 'react';
import { Center, FileInput, Loader, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { IMAGE_MIME_TYPES, LIMITS } from '@pawbridge/shared';
import SafeImage from '@/components/SafeImage';
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

/** The quick client-side rules of spec §5 (declared type, at most 5 MB). Returns a message or null. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return t('imageInput.typeInvalid');
  if (file.size > LIMITS.imageMaxBytes) return t('imageInput.tooLarge');
  return null;
}

// file-type needs at most this many leading bytes to recognise the image formats.
const SNIFF_BYTES = 4100;

/**
 * The same rules plus the file's content: a text file renamed .jpg declares
 * image/jpeg, so its first bytes decide, as on the server (file-type there too).
 */
export async function checkImageContent(file: File): Promise<string | null> {
  const quick = checkImageFile(file);
  if (quick) return quick;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  // Loaded on first use: only screens where someone picks a photo pay for it.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  return detected && (IMAGE_MIME_TYPES as readonly string[]).includes(detected.mime) ? null : t('imageInput.typeInvalid');
}

/**
 * Accessible photo picker with a live preview. A file is handed to the form
 * only after its bytes show a supported image, so a bad file is named on the
 * field at once rather than failing on submit.
 */
export default function ImageInput({
  label,
  value,
  onChange,
  error,
  description,
  required,
  disabled,
  name,
  previewAlt,
  previewHeight = 220,
}: ImageInputProps) {
  const [ownError, setOwnError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // Only the latest choice may answer: an older, slower check must not overwrite it.
  const choice = useRef(0);

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

  const handleChange = async (file: File | null) => {
    const mine = ++choice.current;
    if (!file) {
      setOwnError(null);
      setChecking(false);
      onChange(null);
      return;
    }
    setChecking(true);
    let problem: string | null;
    try {
      problem = await checkImageContent(file);
    } catch {
      // An unreadable file is not a photo we can send.
      problem = t('imageInput.typeInvalid');
    }
    if (mine !== choice.current) return;
    setChecking(false);
    setOwnError(problem);
    onChange(problem ? null : file);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={description ?? t('imageInput.hint')}
        placeholder={t('imageInput.placeholder')}
        accept={IMAGE_MIME_TYPES.join(',')}
        value={value}
        onChange={(f) => void handleChange(f)}
        error={ownError ?? error ?? undefined}
        required={required}
        disabled={disabled}
        name={name}
        clearable
        clearButtonProps={{ 'aria-label': t('imageInput.clear') }}
        leftSection={<IconPhoto size={18} aria-hidden />}
        rightSection={checking ? <Loader size="xs" aria-label={t('imageInput.checking')} /> : undefined}
      />
      {previewUrl && (
        <SafeImage
          src={previewUrl}
          alt={previewAlt ?? t('imageInput.previewAlt')}
          h={previewHeight}
          fit="contain"
          radius="md"
          bg="gray.1"
          fallback={
            <Center h={previewHeight} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Text size="sm" c="dimmed">
                {t('imageInput.previewFailed')}
              </Text>
            </Center>
          }
        />
      )}
    </Stack>
  );
}
