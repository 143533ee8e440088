import '@/messages/lost-board';
import { useMemo, useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MAP_DEFAULT_CENTER } from '@pawbridge/shared';
import MapView from '@/components/map/MapView';
import type { MapEngine, MapPin } from '@/components/map/types';
import { ListError } from '@/components/ListState';
import { t } from '@/messages';
import { useLostMap, type MapViewport } from '../api';
import type { LostFilterValues } from './filters';
import { kindLabel } from './labels';

const PIN_COLOR = { MISSING: '#c92a2a', FOUND: '#0b7285', SEEN: '#1c5fa8', cluster: '#5c3d2e' } as const;
/** Most of Seoul at once on a phone as on a desktop. */
const BOARD_ZOOM = 11;

/**
 * The board as a map (loaded only when a visitor switches to it: the map engine is not in the first load).
 * Pins come clustered from the server for the viewport shown; one post's pin opens it, a cluster zooms in.
 */
export default function LostMap({ filters }: { filters: LostFilterValues }) {
  const navigate = useNavigate();
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const engine = useRef<MapEngine | null>(null);
  const { map, error, reload } = useLostMap(viewport, filters);
  const helpId = 'lost-map-help';

  const pins = useMemo<MapPin[]>(
    () =>
      (map?.clusters ?? []).map((c) =>
        c.count === 1 && c.id !== null && c.kind !== null
          ? {
              key: `p${c.id}`,
              lat: c.lat,
              lng: c.lng,
              text: kindLabel(c.kind),
              label: t('lost.map.pin', { kind: kindLabel(c.kind) }),
              color: PIN_COLOR[c.kind],
              onSelect: () => void navigate(`/lost/${c.id}`),
            }
          : {
              key: `c${c.lat},${c.lng}`,
              lat: c.lat,
              lng: c.lng,
              text: String(c.count),
              label: t('lost.map.cluster', { count: c.count }),
              color: PIN_COLOR.cluster,
              onSelect: () => engine.current?.zoomInAt?.({ lat: c.lat, lng: c.lng }, 2),
            },
      ),
    [map, navigate],
  );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id={helpId}>
        {t('lost.map.help')}
      </Text>
      {error !== undefined && <ListError message={t('lost.map.failed')} onRetry={() => void reload()} />}
      <MapView
        label={t('lost.map.label')}
        describedBy={helpId}
        center={MAP_DEFAULT_CENTER}
        zoom={BOARD_ZOOM}
        height={480}
        pins={pins}
        onViewport={setViewport}
        onEngine={(e) => {
          engine.current = e;
        }}
      />
      {map && (
        <Text size="sm" aria-live="polite" data-testid="lost-map-total">
          {t('lost.map.total', { count: map.total })}
        </Text>
      )}
    </Stack>
  );
}
