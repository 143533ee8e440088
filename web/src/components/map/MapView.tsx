import { useEffect, useRef, useState } from 'react';
import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { MAP_DEFAULT_CENTER } from '@pawbridge/shared';
import { t } from '@/messages';
import { usePublicConfig } from '@/lib/public-config';
import type { EngineOptions, LatLng, MapArea, MapEngine, MapHandle, MapPin, MapViewport } from './types';

export interface MapViewProps {
  /** Accessible name of the map region. */
  label: string;
  /** Where the map opens; defaults to the spec's Seoul centre. */
  center?: LatLng;
  marker?: LatLng | null;
  /** When set, a click on the map picks a point; without it the map is read-only. */
  onPick?: (p: LatLng) => void;
  /** Receives a handle once the map is drawn (null when it goes away). */
  onReady?: (handle: MapHandle | null) => void;
  height?: number;
  /** id of a text that explains how to use the map. */
  describedBy?: string;
  /** Labelled pins (e.g. the lost board's clusters). */
  pins?: readonly MapPin[];
  /** A shaded circle instead of an exact marker (a rounded public position). */
  area?: MapArea | null;
  /** The view after each move or zoom, and once when drawn. */
  onViewport?: (v: MapViewport) => void;
  /** The zoom it opens at (Leaflet's 0–20 scale). */
  zoom?: number;
  /** Receives the engine's extras (zoom into a cluster) once drawn. */
  onEngine?: (engine: MapEngine | null) => void;
}

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * A Leaflet (OpenStreetMap) or Kakao map, as /api/config says. The provider's
 * code is imported on mount, so only screens that show a map download it.
 */
export default function MapView({
  label,
  center,
  marker = null,
  onPick,
  onReady,
  height = 320,
  describedBy,
  pins,
  area = null,
  onViewport,
  zoom,
  onEngine,
}: MapViewProps) {
  const { config, error: configError } = usePublicConfig();
  const elRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<MapEngine | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  // The engine is created once per provider; the latest callbacks and props are read through refs.
  const latest = useRef({ center, marker, onPick, onReady, onViewport, zoom, onEngine });
  useEffect(() => {
    latest.current = { center, marker, onPick, onReady, onViewport, zoom, onEngine };
  });
  const pickable = onPick !== undefined;

  useEffect(() => {
    const el = elRef.current;
    if (!config || !el) return;
    let cancelled = false;
    let engine: MapEngine | null = null;
    const opts: EngineOptions = {
      center: latest.current.center ?? MAP_DEFAULT_CENTER,
      marker: latest.current.marker ?? null,
      onClick: pickable ? (p) => latest.current.onPick?.(p) : undefined,
      markerTitle: t('map.markerTitle'),
      onTiles: (loaded) => {
        if (!cancelled) setTilesFailed(!loaded);
      },
      onViewport: (v) => {
        if (!cancelled) latest.current.onViewport?.(v);
      },
      ...(latest.current.zoom !== undefined ? { zoom: latest.current.zoom } : {}),
    };
    const map = config.map;
    const created: Promise<MapEngine> =
      map.provider === 'kakao'
        ? import('./kakao-engine').then((m) => m.createMap(el, opts, { appKey: map.appKey }))
        : import('./leaflet-engine').then((m) => m.createMap(el, opts, map));
    created.then(
      (e) => {
        if (cancelled) {
          e.destroy();
          return;
        }
        engine = e;
        engineRef.current = e;
        setState('ready');
        latest.current.onReady?.(e);
        latest.current.onEngine?.(e);
        const v = e.getViewport?.();
        if (v) latest.current.onViewport?.(v);
      },
      (err: unknown) => {
        if (cancelled) return;
        console.warn('[map] failed to load', err);
        setState('failed');
      },
    );
    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
      latest.current.onReady?.(null);
      latest.current.onEngine?.(null);
    };
  }, [config, pickable]);

  const markerLat = marker?.lat;
  const markerLng = marker?.lng;
  useEffect(() => {
    if (state !== 'ready') return;
    engineRef.current?.setMarker(markerLat !== undefined && markerLng !== undefined ? { lat: markerLat, lng: markerLng } : null);
  }, [state, markerLat, markerLng]);

  useEffect(() => {
    if (state === 'ready' && pins) engineRef.current?.setPins?.([...pins]);
  }, [state, pins]);

  const areaLat = area?.center.lat;
  const areaLng = area?.center.lng;
  const areaRadius = area?.radiusMetres;
  useEffect(() => {
    if (state !== 'ready') return;
    engineRef.current?.setArea?.(
      areaLat !== undefined && areaLng !== undefined && areaRadius !== undefined
        ? { center: { lat: areaLat, lng: areaLng }, radiusMetres: areaRadius }
        : null,
    );
  }, [state, areaLat, areaLng, areaRadius]);

  const centerLat = center?.lat;
  const centerLng = center?.lng;
  useEffect(() => {
    if (state === 'ready' && centerLat !== undefined && centerLng !== undefined)
      engineRef.current?.setCenter({ lat: centerLat, lng: centerLng });
  }, [state, centerLat, centerLng]);

  // Leaflet measures its box once; a modal or a layout change needs a re-measure.
  useEffect(() => {
    const el = elRef.current;
    if (state !== 'ready' || !el) return;
    const ro = new ResizeObserver(() => engineRef.current?.resize());
    ro.observe(el);
    return () => ro.disconnect();
  }, [state]);

  // Without tiles the engine still works (centre, marker, "use the map centre"); only the picture is missing.
  const failed = state === 'failed' || Boolean(configError) || tilesFailed;
  return (
    // isolation keeps Leaflet's high z-index panes below the sticky header and dropdowns.
    <Box
      pos="relative"
      h={height}
      style={{ isolation: 'isolate', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      bg="gray.1"
    >
      <div
        ref={elRef}
        role="region"
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="map"
        style={{ height: '100%', width: '100%' }}
      />
      {pickable && state === 'ready' && !failed && (
        // Marks the centre for the keyboard alternative ("use map centre").
        <Box
          aria-hidden
          pos="absolute"
          top="50%"
          left="50%"
          style={{
            zIndex: 500,
            pointerEvents: 'none',
            transform: 'translate(-50%, -50%)',
            fontSize: 28,
            lineHeight: 1,
            color: 'var(--mantine-color-dark-6)',
          }}
        >
          +
        </Box>
      )}
      {state === 'loading' && !failed && (
        <Center pos="absolute" inset={0}>
          {/* A named loader needs a role (axe: aria-prohibited-attr on a bare span, seen while the engine still loads). */}
          <Loader size="sm" role="status" aria-label={t('map.loading')} />
        </Center>
      )}
      {failed && (
        // Above Leaflet's panes (z-index up to 1000) so the blank tiles do not hide it.
        <Center pos="absolute" inset={0} p="md" bg="gray.1" style={{ zIndex: 1001 }}>
          <Stack align="center" gap={6} maw={320}>
            <IconMapOff size={28} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" c="dark.4" ta="center" role="status">
              {t(pickable ? 'map.loadFailed' : 'map.loadFailedReadOnly')}
            </Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}
