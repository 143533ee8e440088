import { useState } from 'react';
import { Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdoptionApplication } from '@pawbridge/shared';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { approveApplication, useAdminApplications } from './api';
import ApplicationCard from './components/ApplicationCard';
import { useAdminGate } from '@/app/use-admin-gate';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';

/** Admin adoption applications (/admin/adopt-applications). */
export default function AdminApplicationsPage() {
  const isAdmin = useAdminGate();
  const { applications, error, isLoading, reload } = useAdminApplications(isAdmin);
  const [approvingId, setApprovingId] = useState<number | null>(null);

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  const approve = async (a: AdoptionApplication) => {
    const ok = await confirm({ title: t('adminApps.confirmTitle'), body: t('adminApps.confirmBody', { applicant: a.userName, name: a.petName }), confirmLabel: t('adminApps.approve') });
    if (!ok) return;
    setApprovingId(a.id);
    try {
      await approveApplication(a.id);
      notifySuccess(t('adminApps.approved'));
    } catch (err) {
      notifyError(errorMessage(err, 'adminApps.approveFailed'));
    } finally {
      setApprovingId(null);
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {applications.map((a) => (
          <ApplicationCard key={a.id} application={a} onApprove={approve} approving={approvingId === a.id} />
        ))}
      </SimpleGrid>
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
