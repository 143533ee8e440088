import type { ReactNode } from 'react';
import { Group, Paper, Text, ThemeIcon } from '@mantine/core';

export function StatCard({
  label,
  value,
  sub,
  icon,
  color,
}: {
  label: string;
  value: string;
  sub: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="gray.7" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2} mt={4} data-testid={`stat-${label}`}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="sm" c="gray.7" mt="xs">
        {sub}
      </Text>
    </Paper>
  );
}
