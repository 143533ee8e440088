import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

/** The card both account screens sit in: title, one-line subtitle, then the form. */
export function AuthCard({ width, title, subtitle, children }: { width: number; title: string; subtitle: string; children: ReactNode }) {
  return (
    <Container size={width} py="xl" px={{ base: 0, xs: 'md' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
