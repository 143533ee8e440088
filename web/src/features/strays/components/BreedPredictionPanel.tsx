import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { t } from '@/messages';
import type { PredictionState } from '../use-breed-prediction';

/** Shows what the breed prediction said, with a "predict again" button. */
export default function BreedPredictionPanel({ state, onRetry }: { state: PredictionState; onRetry: () => void }) {
  const retry = (
    <Button variant="subtle" size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
      {t('report.predict.again')}
    </Button>
  );
  let body: React.ReactNode;
  let color = 'blue';
  switch (state.kind) {
    case 'idle':
      body = <Text size="sm">{t('report.predict.hint')}</Text>;
      break;
    case 'off':
      // The deployment has no predictor: the same "enter it yourself" line as a failure, without a retry.
      body = <Text size="sm">{t('report.predict.failed')}</Text>;
      color = 'orange';
      break;
    case 'running':
      body = (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('report.predict.running')}</Text>
        </Group>
      );
      break;
    case 'failed':
      color = 'orange';
      body = (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('report.predict.failed')}</Text>
          {retry}
        </Group>
      );
      break;
    case 'done': {
      const { predictedBreed, confidence } = state.result;
      body = (
        <Group justify="space-between" gap="xs">
          <div>
            <Text size="sm" fw={600}>
              {predictedBreed ? t('report.predict.result', { breed: predictedBreed }) : t('report.predict.unsure')}
            </Text>
            {predictedBreed && confidence !== null && (
              <Text size="xs" c="dimmed">
                {t('report.predict.confidence', { percent: Math.round(confidence * 100) })}
              </Text>
            )}
          </div>
          {retry}
        </Group>
      );
      break;
    }
  }
  return (
    <Alert color={color} variant="light" title={t('report.predict.title')} icon={<IconSparkles size={18} aria-hidden />} aria-live="polite">
      {body}
    </Alert>
  );
}
