import { useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdoptionApplication } from '@pawbridge/shared';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import LoadMore from '@/components/LoadMore';
import { t } from '@/messages';
import { useMyApplications, withdrawApplication } from '../api';
import { applicationLook, applicationTimeline, koreanDate } from '../applications';

function ApplicationItem({ app, onWithdraw, withdrawing }: { app: AdoptionApplication; onWithdraw: () => void; withdrawing: boolean }) {
  const look = applicationLook(app.adoptStatus);
  const steps = applicationTimeline(app);
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-labelledby={`mypage-app-${app.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Text fw={700} id={`mypage-app-${app.id}`} truncate>
              {app.petName}
            </Text>
            <Badge color={look.color} variant="light" style={{ flexShrink: 0 }}>
              {look.label}
            </Badge>
          </Group>
          {(app.type || app.location) && (
            <Text size="sm" c="gray.7">
              {[app.type, app.location].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        {app.adoptStatus === 'REQUESTED' && (
          <Button
            size="xs"
            variant="default"
            onClick={onWithdraw}
            loading={withdrawing}
            aria-label={t('mypage.apps.withdrawFor', { name: app.petName })}
          >
            {t('mypage.apps.withdraw')}
          </Button>
        )}
      </Group>
      <Timeline
        active={steps.filter((s) => s.done).length - 1}
        bulletSize={14}
        lineWidth={2}
        aria-label={t('mypage.apps.timeline', { name: app.petName })}
      >
        {steps.map((s) => (
          <Timeline.Item key={s.key} title={s.title}>
            {(s.date || !s.done) && (
              <Text size="xs" c="gray.7">
                {s.date ? koreanDate(s.date) : t('mypage.apps.waiting')}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

/** The member's own adoption applications, open ones first, each with its timeline; open ones can be withdrawn. */
export default function ApplicationsTab() {
  const { applications, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useMyApplications();
  const [withdrawingId, setWithdrawingId] = useState<number | null>(null);

  const withdraw = async (a: AdoptionApplication) => {
    const ok = await confirm({
      title: t('mypage.apps.withdrawTitle'),
      body: t('mypage.apps.withdrawBody', { name: a.petName }),
      confirmLabel: t('mypage.apps.withdraw'),
      danger: true,
    });
    if (!ok) return;
    setWithdrawingId(a.id);
    try {
      await withdrawApplication(a.id);
      notifySuccess(t('mypage.apps.withdrawn'));
    } catch (err) {
      notifyError(
        err instanceof ApiError && err.code === 'UPSTREAM_UNSUPPORTED'
          ? t('mypage.apps.withdrawUnsupported')
          : errorMessage(err, 'mypage.apps.withdrawFailed'),
      );
    } finally {
      setWithdrawingId(null);
      await reload();
    }
  };

  const body = () => {
    if (isLoading) {
      return (
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text c="dimmed" role="status">
              {t('mypage.apps.loading')}
            </Text>
          </Stack>
        </Center>
      );
    }
    if (error || !applications) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text role="alert">{t('mypage.apps.failed')}</Text>
            <Button variant="light" onClick={() => void reload()}>
              {t('mypage.retry')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    if (applications.length === 0) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text>{t('mypage.apps.empty')}</Text>
            <Button component={Link} to="/adopt" variant="light">
              {t('mypage.apps.browse')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    const ordered = [
      ...applications.filter((a) => a.adoptStatus === 'REQUESTED'),
      ...applications.filter((a) => a.adoptStatus !== 'REQUESTED'),
    ];
    return (
      <>
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ordered.map((a) => (
            <ApplicationItem key={a.id} app={a} withdrawing={withdrawingId === a.id} onWithdraw={() => void withdraw(a)} />
          ))}
        </Stack>
        <LoadMore shown={applications.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
      </>
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="mypage-apps-title">
      <Title order={2} size="h3" id="mypage-apps-title">
        {t('mypage.apps.title')}
      </Title>
      {body()}
    </Stack>
  );
}
