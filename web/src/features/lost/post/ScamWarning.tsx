import '@/messages/lost-board';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { t } from '@/messages';

/** Nobody should pay before seeing the dog: on the post beside a reward, and in the relay form. */
export default function ScamWarning({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('lost.post.scamTitle')}
      p={compact ? 'xs' : 'sm'}
      data-testid="lost-scam-warning"
    >
      <Text size="sm">{t('lost.post.scamBody')}</Text>
    </Alert>
  );
}
