import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';

/** One dog could not be shown: not (or no longer) the caller's, or the load failed and may be retried. */
export default function PetLoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center">
        <Text role="alert">{notFound ? t('pets.edit.notFound') : t('pets.edit.loadFailed')}</Text>
        <Group>
          {!notFound && (
            <Button variant="light" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          <Button component={Link} to="/mypet" variant="default">
            {t('pets.profile.back')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
