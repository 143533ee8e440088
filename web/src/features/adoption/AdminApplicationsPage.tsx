import { useState } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdoptionApplication } from '@pawbridge/shared';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { approveApplication, useAdminApplications } from './api';
import ApplicationCard from './components/ApplicationCard';
import { useAdminGate } from '@/app/use-admin-gate';

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
    content = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (error) {
    content = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('adminApps.loadFailed')}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void reload()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!applications || applications.length === 0) {
    content = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed">
          {t('adminApps.empty')}
        </Text>
      </Paper>
    );
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
