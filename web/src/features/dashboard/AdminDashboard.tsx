import { lazy, Suspense, useCallback, useEffect, useReducer, type ReactNode } from 'react';
import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, Title, Center, Loader } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconClipboardList,
  IconCoin,
  IconDog,
  IconHeartHandshake,
  IconPlugConnectedX,
  IconRefresh,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardLiveEvent, DashboardSummary } from '@pawbridge/shared';
import { t } from '@/messages';
import { useDashboard } from './api';
import { dashboardReducer, initialDashboard, needsRefetch } from './dashboard-state';
import { useDashboardLive } from './use-dashboard-live';
import { ActivityFeed } from './components/ActivityFeed';
import { StatCard } from './components/StatCard';

// recharts is heavy: its chunk loads after the numbers are on screen.
const DashboardCharts = lazy(() => import('./components/DashboardCharts'));

const ZEROS: DashboardSummary = {
  reportCount: 0,
  adoptionCount: 0,
  pendingReports: 0,
  pendingAdoptions: 0,
  totalAmount: 0,
  monthlyCount: 0,
  monthlyTrend: [],
  abandoned: { lost: 0, protecting: 0, waiting: 0, adopt: 0 },
  failed: [],
};
const won = (n: number) => n.toLocaleString('ko-KR');

/**
 * The admin home's live dashboard (spec §2 Home, §4 Admin dashboard (live), §8 failure with zeros). `lostPanel`: the
 * lost-and-found counts and the way to its flags (the app passes the lost feature's panel in).
 */
export default function AdminDashboard({ lostPanel }: { lostPanel?: ReactNode } = {}) {
  const { data, error, isLoading, isValidating, mutate } = useDashboard();
  const [state, dispatch] = useReducer(dashboardReducer, initialDashboard);
  useEffect(() => {
    if (data) dispatch({ type: 'loaded', summary: data });
  }, [data]);
  const onEvent = useCallback(
    (event: DashboardLiveEvent) => {
      dispatch({ type: 'event', event });
      if (needsRefetch(event)) void mutate();
    },
    [mutate],
  );
  const status = useDashboardLive(
    onEvent,
    useCallback(() => void mutate(), [mutate]),
  );

  // A failed load shows zeros with the message and a refresh button (spec §8).
  const summary = error ? ZEROS : (state.summary ?? data ?? null);
  const failed = Boolean(error) || (summary?.failed.length ?? 0) > 0;
  const abandonedTotal = summary
    ? summary.abandoned.lost + summary.abandoned.protecting + summary.abandoned.waiting + summary.abandoned.adopt
    : 0;

  return (
    <Box component="section" aria-labelledby="dashboard-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} id="dashboard-title" size="h3">
              {t('dashboard.title')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('dashboard.intro')}
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to="/admin/abandoned-pets" variant="light" leftSection={<IconClipboardList size={18} aria-hidden />}>
              {t('dashboard.toReports')}
            </Button>
            <Button
              component={Link}
              to="/admin/adopt-applications"
              variant="light"
              leftSection={<IconHeartHandshake size={18} aria-hidden />}
            >
              {t('dashboard.toApplications')}
            </Button>
            <Button component={Link} to="/admin/shelter-sync" variant="light" leftSection={<IconBuildingCommunity size={18} aria-hidden />}>
              {t('shelterSync.toSync')}
            </Button>
          </Group>
        </Group>

        <Group gap={6} c="gray.7" role="status" data-live={status}>
          {status === 'offline' ? (
            <IconPlugConnectedX size={16} aria-hidden />
          ) : (
            <Box w={8} h={8} bg={status === 'online' ? 'green.7' : 'gray.5'} style={{ borderRadius: '50%' }} aria-hidden />
          )}
          <Text size="sm">
            {t(
              status === 'online' ? 'dashboard.live.online' : status === 'offline' ? 'dashboard.live.offline' : 'dashboard.live.connecting',
            )}
          </Text>
        </Group>

        {failed && !isLoading && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm">{error ? t('dashboard.loadFailed') : t('dashboard.partialFailed')}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={isValidating}
                onClick={() => void mutate()}
              >
                {t('dashboard.refresh')}
              </Button>
            </Group>
          </Alert>
        )}

        {!summary ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <StatCard
                label={t('dashboard.card.reports')}
                value={won(summary.reportCount)}
                sub={t('dashboard.card.reportsSub', { n: summary.pendingReports })}
                icon={<IconClipboardList size={22} />}
                color="orange"
              />
              <StatCard
                label={t('dashboard.card.adoptions')}
                value={won(summary.adoptionCount)}
                sub={t('dashboard.card.adoptionsSub', { n: summary.pendingAdoptions })}
                icon={<IconHeartHandshake size={22} />}
                color="blue"
              />
              <StatCard
                label={t('dashboard.card.donations')}
                value={t('dashboard.card.donationsValue', { amount: won(summary.totalAmount) })}
                sub={t('dashboard.card.donationsSub', { n: summary.monthlyCount })}
                icon={<IconCoin size={22} />}
                color="green"
              />
              <StatCard
                label={t('dashboard.card.abandoned')}
                value={won(abandonedTotal)}
                sub={t('dashboard.card.abandonedSub', { n: summary.abandoned.adopt })}
                icon={<IconDog size={22} />}
                color="grape"
              />
            </SimpleGrid>
            <Suspense
              fallback={
                <Text size="sm" c="gray.7">
                  {t('dashboard.chart.loading')}
                </Text>
              }
            >
              <DashboardCharts summary={summary} />
            </Suspense>
          </>
        )}
        {lostPanel}
        <ActivityFeed feed={state.feed} />
      </Stack>
    </Box>
  );
}
