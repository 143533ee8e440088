import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { t } from '@/messages';

/** Said on every screen while the session check cannot reach the server (it keeps retrying). */
export function SessionUnreachable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={t('session.unreachable.title')}
      icon={<IconPlugConnectedX aria-hidden />}
      mb="md"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" maw={560}>
          {t('session.unreachable.body')}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
          {t('session.unreachable.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
