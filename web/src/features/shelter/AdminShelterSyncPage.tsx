import { useState } from 'react';
import { Badge, Button, Center, Container, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { SyncRun } from '@pawbridge/shared';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import { useAdminGate } from '@/lib/use-admin-gate';
import { t } from '@/messages';
import { startSync, useSyncRuns } from './api';

const STATUS_COLOR: Record<SyncRun['status'], string> = { running: 'blue', succeeded: 'green', failed: 'red', partial: 'orange' };
const when = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? when.format(new Date(iso)) : t('shelterSync.none'));

/** Admin: start the shelter-animal sync and read its history (/admin/shelter-sync). */
export default function AdminShelterSyncPage() {
  const isAdmin = useAdminGate();
  const { runs, error, isLoading, isValidating, reload } = useSyncRuns(isAdmin);
  const [starting, setStarting] = useState(false);

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  const running = runs?.some((r) => r.status === 'running') ?? false;
  // The last poll failed: what is on screen may be stale, so "running" is not claimed (the run may well be over);
  // the failure is said with a retry, and the polling goes on with back-off (useSyncRuns).
  const pollFailed = Boolean(error && runs);
  const last = runs?.[0];
  const start = async () => {
    setStarting(true);
    try {
      await startSync();
      notifySuccess(t('shelterSync.started'));
    } catch (err) {
      notifyError(errorMessage(err, 'shelterSync.startFailed'));
    } finally {
      setStarting(false);
      await reload();
    }
  };

  let history: React.ReactNode;
  if (isLoading && !runs) history = <ListLoading />;
  else if (error && !runs) history = <ListError message={t('shelterSync.loadFailed')} onRetry={() => void reload()} />;
  else if (!runs || runs.length === 0) history = <ListEmpty message={t('shelterSync.empty')} />;
  else
    history = (
      <ScrollArea type="auto">
        <Table striped withTableBorder miw={760} aria-label={t('shelterSync.history')}>
          <Table.Thead>
            <Table.Tr>
              {(['startedAt', 'finishedAt', 'trigger', 'status', 'pages', 'fetched', 'created', 'updated', 'error'] as const).map((c) => (
                <Table.Th key={c} scope="col">
                  {t(`shelterSync.col.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{at(r.startedAt)}</Table.Td>
                <Table.Td>{at(r.finishedAt)}</Table.Td>
                <Table.Td>{t(`shelterSync.trigger.${r.trigger}`)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[r.status]} variant="light">
                    {t(`shelterSync.status.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.pages}</Table.Td>
                <Table.Td>{r.fetched}</Table.Td>
                <Table.Td>{r.created}</Table.Td>
                <Table.Td>{r.updated}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.error ?? t('shelterSync.none')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('shelterSync.title')}</Title>
          <Text c="dimmed">{t('shelterSync.intro')}</Text>
        </Stack>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between">
            <Text fw={600} aria-live="polite">
              {pollFailed
                ? t('shelterSync.pollFailed')
                : running
                  ? t('shelterSync.running')
                  : last
                    ? t('shelterSync.last', { when: at(last.startedAt), status: t(`shelterSync.status.${last.status}`) })
                    : t('shelterSync.never')}
            </Text>
            <Group gap="xs">
              {pollFailed && (
                <Button variant="default" onClick={() => void reload()} loading={isValidating}>
                  {t('shelterSync.pollRetry')}
                </Button>
              )}
              <Button
                onClick={() => void start()}
                loading={starting}
                disabled={running}
                leftSection={<IconRefresh size={16} aria-hidden />}
              >
                {running && !pollFailed ? t('shelterSync.running') : t('shelterSync.start')}
              </Button>
            </Group>
          </Group>
        </Paper>
        <Title order={2} size="h3">
          {t('shelterSync.history')}
        </Title>
        {history}
      </Stack>
    </Container>
  );
}
