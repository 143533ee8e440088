import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSummary } from '@pawbridge/shared';
import { t } from '@/messages';

// Dark enough for 3:1 against white next to each other (decision 0007's palette family).
const COLORS = { lost: '#b45309', protecting: '#1d4ed8', waiting: '#7c3aed', adopt: '#15803d', reports: '#c2410c', adoptions: '#1d4ed8' };
const HEIGHT = 240;
// Each slice takes its colour from its entry's `fill` (recharts 3; Cell is deprecated).

function ChartCard({ title, id, children, empty }: { title: string; id: string; children: ReactNode; empty: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="sm" component="figcaption">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="gray.7" h={HEIGHT} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {t('dashboard.chart.empty')}
        </Text>
      ) : (
        <div style={{ width: '100%', height: HEIGHT }}>{children}</div>
      )}
    </Paper>
  );
}

const withValue = (value: string, entry: { payload?: { value?: number } }) => `${value} ${entry.payload?.value ?? ''}`;

/** The three charts of the admin home (spec §2 Home): status pie, reports vs applications bar, processing donut. */
export default function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const status = [
    { name: t('stray.status.LOST'), value: summary.abandoned.lost, fill: COLORS.lost },
    { name: t('stray.status.PROTECTING'), value: summary.abandoned.protecting, fill: COLORS.protecting },
    { name: t('stray.status.WAITING'), value: summary.abandoned.waiting, fill: COLORS.waiting },
    { name: t('stray.status.ADOPT'), value: summary.abandoned.adopt, fill: COLORS.adopt },
  ];
  const reportsKey = t('dashboard.chart.reports');
  const adoptionsKey = t('dashboard.chart.adoptions');
  // With a monthly series (our api) one pair of bars per month; without (the legacy) totals and pending side by side.
  const bars =
    summary.monthlyTrend.length > 0
      ? summary.monthlyTrend.map((m) => ({ name: m.month, [reportsKey]: m.reports, [adoptionsKey]: m.adoptions }))
      : [
          {
            name: t('dashboard.chart.total'),
            [reportsKey]: summary.reportCount + summary.pendingReports,
            [adoptionsKey]: summary.adoptionCount,
          },
          { name: t('dashboard.chart.pending'), [reportsKey]: summary.pendingReports, [adoptionsKey]: summary.pendingAdoptions },
        ];
  const processing = [
    { name: t('dashboard.chart.pendingReports'), value: summary.pendingReports, fill: COLORS.lost },
    { name: t('dashboard.chart.pendingAdoptions'), value: summary.pendingAdoptions, fill: COLORS.waiting },
    { name: t('dashboard.chart.done'), value: summary.abandoned.adopt, fill: COLORS.adopt },
  ];
  const allZero = (xs: { value: number }[]) => xs.every((x) => x.value === 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <ChartCard title={t('dashboard.chart.status')} id="chart-status" empty={allZero(status)}>
        <ResponsiveContainer>
          <PieChart accessibilityLayer={false}>
            <Pie data={status} dataKey="value" nameKey="name" outerRadius="75%" isAnimationActive={false} />
            <Tooltip />
            <Legend formatter={withValue} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('dashboard.chart.reportsVsAdoptions')} id="chart-bars" empty={false}>
        <ResponsiveContainer>
          <BarChart data={bars} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fill: '#374151', fontSize: 12 }} />
            <YAxis allowDecimals={false} width={32} tick={{ fill: '#374151', fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey={reportsKey} fill={COLORS.reports} isAnimationActive={false} />
            <Bar dataKey={adoptionsKey} fill={COLORS.adoptions} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('dashboard.chart.processing')} id="chart-processing" empty={allZero(processing)}>
        <ResponsiveContainer>
          <PieChart accessibilityLayer={false}>
            <Pie data={processing} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="75%" isAnimationActive={false} />
            <Tooltip />
            <Legend formatter={withValue} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
    </SimpleGrid>
  );
}
