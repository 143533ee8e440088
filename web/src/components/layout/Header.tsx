import { AppShell, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '@/messages';

// Minimal frame header; the accounts work replaces it with the spec §2 header.
export default function Header() {
  return (
    <AppShell.Header>
      <Group h="100%" px="md">
        <Text component={Link} to="/" fw={800} size="xl" c="orange.8" td="none">
          {t('app.name')}
        </Text>
      </Group>
    </AppShell.Header>
  );
}
