import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconDog } from '@tabler/icons-react';

/**
 * A dog outline above a short grey line: what stands where a photo or a list is not (no photo yet,
 * nothing to show). The icon is decoration; the line says it.
 */
export default function DogNote({ children, iconSize = 36, gap = 4 }: { children: ReactNode; iconSize?: number; gap?: number | string }) {
  return (
    <Stack align="center" gap={gap}>
      <IconDog size={iconSize} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text size="sm" c="gray.7" ta="center">
        {children}
      </Text>
    </Stack>
  );
}
