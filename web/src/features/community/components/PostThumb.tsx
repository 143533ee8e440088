import { Center } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import SafeImage from '@/components/SafeImage';
import { t } from '@/messages';

/** The list's small cover picture, or a paw placeholder (named for screen readers) when the post has none. */
export default function PostThumb({ src, title, size }: { src: string | null; title: string; size: number }) {
  const placeholder = (
    <Center
      w={size}
      h={size}
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      role="img"
      aria-label={t('community.list.noImage')}
    >
      <IconPaw size={size / 2.5} color="var(--mantine-color-gray-6)" aria-hidden />
    </Center>
  );
  return (
    <SafeImage
      src={src}
      alt={t('community.list.imageAlt', { title })}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      style={{ flexShrink: 0 }}
      fallback={placeholder}
    />
  );
}
