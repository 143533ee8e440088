import { Group, Text } from '@mantine/core';

/** A "label value" line for cards (label dimmed, value wraps anywhere so long Korean text fits phones). */
export function InfoLine({ label, value, labelWidth = 56 }: { label: string; value: string; labelWidth?: number }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0, minWidth: labelWidth }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
