import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { useLostEnabled, useLostStats } from './reads';

function Count({ label, value, strong }: { label: string; value: number | null | undefined; strong?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700} c={strong ? 'red.8' : undefined}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/**
 * The admin dashboard's lost-and-found row: open missing reports, reunions this month and flags waiting
 * (`GET /api/lost/stats` as an admin), with the way to the flags. Nothing on the legacy.
 */
export default function AdminLostPanel() {
  const enabled = useLostEnabled();
  const { data } = useLostStats(enabled);
  if (!enabled) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-lost-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4" id="admin-lost-title">
          {t('adminLost.panelTitle')}
        </Title>
        <Button component={Link} to="/admin/lost-flags" variant="light" leftSection={<IconFlag size={18} aria-hidden />}>
          {t('adminLost.toFlags')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Count label={t('adminLost.stats.open')} value={data?.openMissing} />
        <Count label={t('adminLost.stats.reunited')} value={data?.reunitedThisMonth} />
        <Count label={t('adminLost.stats.flags')} value={data?.flagsWaiting} strong={(data?.flagsWaiting ?? 0) > 0} />
      </SimpleGrid>
    </Stack>
  );
}
