import '@/messages/lost-board';
import { lazy, Suspense, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';

// The map's code (Leaflet or Kakao) is never part of a visitor's first load: it comes when the reader asks to see the map.
const MapView = lazy(() => import('@/components/map/MapView'));

const HEIGHT = 260;

/** Where it happened, only as the post's public (rounded) position: a shaded circle, never a pin on a point. */
export default function AreaMap({ position, place }: { position: { lat: number; lng: number }; place?: string | null }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap={6}>
      {shown ? (
        <Suspense
          fallback={
            <Center h={HEIGHT}>
              <Loader size="sm" aria-label={t('lost.post.mapLoading')} />
            </Center>
          }
        >
          <MapView
            label={t('lost.post.mapLabel')}
            describedBy="lost-rounded-note"
            center={position}
            zoom={15}
            height={HEIGHT}
            area={{ center: position, radiusMetres: LOST_LIMITS.gridMetres }}
          />
        </Suspense>
      ) : (
        // The same box the map takes, so nothing below moves when it opens.
        <Center h={HEIGHT} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Stack align="center" gap="xs">
            <IconMap2 size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            {place && (
              <Text size="sm" c="gray.7" ta="center">
                {place}
              </Text>
            )}
            <Button variant="light" mih={44} leftSection={<IconMap2 size={18} aria-hidden />} onClick={() => setShown(true)}>
              {t('lost.post.showMap')}
            </Button>
          </Stack>
        </Center>
      )}
      <Text size="xs" c="dimmed" id="lost-rounded-note">
        {t('lost.post.roundedNote')}
      </Text>
    </Stack>
  );
}
