import '@/messages/alerts-screens';
import { Alert, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { ListError, ListLoading } from '@/components/ListState';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { useNeighbourhood } from './api';
import EmailPreferencesSection from './EmailPreferencesSection';
import NeighbourhoodForm from './NeighbourhoodForm';

/** My page's neighbourhood alerts tab (issue 28): the member's own neighbourhood (theirs only) and their e-mail switches. */
export default function NeighbourhoodTab() {
  const hood = useNeighbourhood(true);
  if (!hood.loaded && hood.isLoading) return <ListLoading />;
  if (!hood.loaded) return <ListError message={t('alerts.loadFailed')} onRetry={() => window.location.reload()} />;
  const s = hood.setting;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="alerts-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="alerts-title">
            {t('alerts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alerts.intro')}
          </Text>
          <Alert color={s ? 'teal' : 'gray'} variant="light" role="status">
            {s
              ? s.place
                ? t('alerts.current', { place: s.place, km: s.radiusKm })
                : t('alerts.currentNoPlace', { km: s.radiusKm })
              : t('alerts.none')}
          </Alert>
          <NeighbourhoodForm
            key={s ? 'saved' : 'new'}
            initial={s}
            onSave={async (input) => {
              await hood.save(input);
              notifySuccess(t('alerts.saved'));
            }}
            onRemove={
              s
                ? () =>
                    void hood.remove().then(
                      () => notifySuccess(t('alerts.removed')),
                      (err: unknown) => notifyError(errorMessage(err)),
                    )
                : undefined
            }
          />
        </Stack>
      </Paper>
      <Divider />
      <EmailPreferencesSection />
    </Stack>
  );
}
