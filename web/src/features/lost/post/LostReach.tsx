import useSWR from 'swr';
import { Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { LostReachSchema } from '@pawbridge/shared/alerts.schema';
import { api } from '@/lib/api-client';
import { t } from '@/messages';

/**
 * On the owner's own missing report (issue 28): how many neighbours were told within which radius (the catalogue words it; the number is the api's).
 * Asked again every 10 s while it is none yet: the neighbourhood fan-out runs in the background.
 */
export default function LostReach({ postId }: { postId: number }) {
  const { data: reach } = useSWR(`/api/lost/posts/${postId}/reach`, (k: string) => api(k, { schema: LostReachSchema }), {
    refreshInterval: (latest) => (latest && latest.count > 0 ? 0 : 10_000),
    shouldRetryOnError: false,
  });
  if (!reach) return null;
  return (
    <Text size="sm" role="status" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      <IconBellRinging size={16} aria-hidden />
      {reach.count > 0 && reach.radiusKm !== null
        ? t('lostReach.told', { km: reach.radiusKm, count: reach.count.toLocaleString('ko-KR') })
        : t('lostReach.none')}
    </Text>
  );
}
