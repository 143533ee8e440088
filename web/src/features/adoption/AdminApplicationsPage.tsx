import { useState } from 'react';
import { Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdoptionApplication } from '@pawbridge/shared';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { ApiError } from '@/lib/api-client';
import { approveApplication, rejectApplication, useAdminApplications } from './api';
import ApplicationCard from './components/ApplicationCard';
import { useAdminGate } from '@/lib/use-admin-gate';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';

/** Admin adoption applications (/admin/adopt-applications). */
export default function AdminApplicationsPage() {
  const isAdmin = useAdminGate();
  const { applications, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useAdminApplications(isAdmin);
  const [busy, setBusy] = useState<{ id: number; action: 'approve' | 'reject' } | null>(null);

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  const approve = async (a: AdoptionApplication) => {
    const ok = await confirm({
      title: t('adminApps.confirmTitle'),
      body: t('adminApps.confirmBody', { applicant: a.applicantName ?? a.userName, name: a.petName }),
      confirmLabel: t('adminApps.approve'),
    });
    if (!ok) return;
    setBusy({ id: a.id, action: 'approve' });
    try {
      await approveApplication(a.id);
      notifySuccess(t('adminApps.approved'));
    } catch (err) {
      notifyError(errorMessage(err, 'adminApps.approveFailed'));
    } finally {
      setBusy(null);
      await reload();
    }
  };

  const reject = async (a: AdoptionApplication) => {
    const ok = await confirm({
      title: t('adminApps.rejectTitle'),
      body: t('adminApps.rejectBody', { applicant: a.applicantName ?? a.userName, name: a.petName }),
      confirmLabel: t('adminApps.reject'),
      danger: true,
    });
    if (!ok) return;
    setBusy({ id: a.id, action: 'reject' });
    try {
      await rejectApplication(a.id);
      notifySuccess(t('adminApps.rejected'));
    } catch (err) {
      notifyError(
        err instanceof ApiError && err.code === 'UPSTREAM_UNSUPPORTED'
          ? t('adminApps.rejectUnsupported')
          : errorMessage(err, 'adminApps.rejectFailed'),
      );
    } finally {
      setBusy(null);
      await reload();
    }
  };

  let content: React.ReactNode;
  if (isLoading) {
    content = <ListLoading />;
  } else if (error) {
    content = <ListError message={t('adminApps.loadFailed')} onRetry={() => void reload()} />;
  } else if (!applications || applications.length === 0) {
    content = <ListEmpty message={t('adminApps.empty')} />;
  } else {
    content = (
      <>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {applications.map((a) => (
            <ApplicationCard
              key={a.id}
              application={a}
              onApprove={approve}
              onReject={reject}
              busy={busy?.id === a.id ? busy.action : null}
            />
          ))}
        </SimpleGrid>
        <LoadMore shown={applications.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
      </>
    );
  }

  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('adminApps.title')}</Title>
        <Text c="dimmed">{t('adminApps.intro')}</Text>
      </Stack>
      {content}
    </Container>
  );
}
