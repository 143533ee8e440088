import '@/messages/lost-board';
import { Stack, Text } from '@mantine/core';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import MapView from '@/components/map/MapView';
import { t } from '@/messages';

/** Where it happened, only as the post's public (rounded) position: a shaded circle, never a pin on a point. */
export default function AreaMap({ position }: { position: { lat: number; lng: number } }) {
  return (
    <Stack gap={6}>
      <MapView
        label={t('lost.post.mapLabel')}
        describedBy="lost-rounded-note"
        center={position}
        zoom={15}
        height={260}
        area={{ center: position, radiusMetres: LOST_LIMITS.gridMetres }}
      />
      <Text size="xs" c="dimmed" id="lost-rounded-note">
        {t('lost.post.roundedNote')}
      </Text>
    </Stack>
  );
}
