import { useState } from 'react';
import { Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '@/messages';
import { useAdminStrays } from './api';
import ReportDetailModal from './components/ReportDetailModal';
import ReportTable from './components/ReportTable';
import { useAdminGate } from '@/lib/use-admin-gate';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';

/** Admin stray report list (/admin/abandoned-pets). */
export default function AdminReportsPage() {
  const isAdmin = useAdminGate();
  const { strays, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useAdminStrays(isAdmin);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Derived from the list, so the modal shows the new status after a reload.
  const selected = strays?.find((s) => s.id === selectedId) ?? null;

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('adminReports.title')}</Title>
        <Text c="dimmed">{t('adminReports.intro')}</Text>
        {strays && strays.length > 0 && <Text size="sm">{t('adminReports.count', { count: total })}</Text>}
      </Stack>
      {isLoading ? (
        <ListLoading />
      ) : error ? (
        <ListError message={t('adminReports.loadFailed')} onRetry={() => void reload()} />
      ) : !strays || strays.length === 0 ? (
        <ListEmpty message={t('adminReports.empty')} />
      ) : (
        <>
          <ReportTable strays={strays} onDetails={setSelectedId} />
          <LoadMore shown={strays.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
        </>
      )}
      <ReportDetailModal stray={selected} onClose={() => setSelectedId(null)} onRegistered={reload} />
    </Container>
  );
}
