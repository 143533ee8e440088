import { Alert, Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { t } from '@/messages';

/** The three non-list states every list screen shares: loading, failed (with retry), empty. */
export function ListLoading() {
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export function ListEmpty({ message }: { message: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text ta="center" c="dimmed">
        {message}
      </Text>
    </Paper>
  );
}
