import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconFocusCentered } from '@tabler/icons-react';
import { MAP_DEFAULT_CENTER } from '@pawbridge/shared';
import { t } from '@/messages';
import { GeoError, locate } from './geolocation';
import MapView from './MapView';
import { placeWords, usePlaceName } from './use-place-name';
import type { LatLng, MapHandle } from './types';

export interface MapPickerProps {
  label: string;
  value: LatLng | null;
  onChange: (p: LatLng) => void;
  error?: string | null;
  required?: boolean;
  height?: number;
  /** Where the map should look (e.g. the chosen region's centre); the Seoul default otherwise. */
  center?: LatLng | null;
  /** What the pin means, under the label; a stray's found place by default. */
  hint?: string;
}

/**
 * Pick a point: click the map, or (keyboard) pan with the arrow keys and take
 * the centre, or take the browser's position.
 */
export default function MapPicker({ label, value, onChange, error, required, height = 320, center, hint }: MapPickerProps) {
  const handle = useRef<MapHandle | null>(null);
  // Used when the map could not be drawn, so both buttons still work.
  const fallbackCenter = useRef<LatLng>(center ?? MAP_DEFAULT_CENTER);
  const centerLat = center?.lat;
  const centerLng = center?.lng;
  useEffect(() => {
    if (centerLat !== undefined && centerLng !== undefined) fallbackCenter.current = { lat: centerLat, lng: centerLng };
  }, [centerLat, centerLng]);
  const address = usePlaceName(value);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const hintId = useId();

  // Once a point is chosen, a failed location request no longer matters: its alert goes.
  const pick = (p: LatLng) => {
    setGeoError(null);
    onChange(p);
  };
  const pickCenter = () => pick(handle.current?.getCenter() ?? fallbackCenter.current);

  const pickMyLocation = async () => {
    setGeoError(null);
    setLocating(true);
    try {
      const p = await locate();
      fallbackCenter.current = p;
      handle.current?.setCenter(p);
      onChange(p);
    } catch (err) {
      setGeoError(t(err instanceof GeoError ? err.key : 'map.geo.unknown'));
    } finally {
      setLocating(false);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error ?? undefined}
      labelElement="div"
      description={hint ?? t('map.pickerHint')}
      descriptionProps={{ id: hintId }}
    >
      <Stack gap="xs" mt={4}>
        <MapView
          label={label}
          center={center ?? undefined}
          marker={value}
          onPick={pick}
          onReady={(h) => (handle.current = h)}
          height={height}
          describedBy={hintId}
        />
        <Group gap="xs">
          <Button variant="light" size="sm" leftSection={<IconFocusCentered size={16} aria-hidden />} onClick={pickCenter}>
            {t('map.useCenter')}
          </Button>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            onClick={pickMyLocation}
            loading={locating}
            loaderProps={{ 'aria-label': t('map.locating') }}
          >
            {t('map.useMyLocation')}
          </Button>
        </Group>
        <Text size="sm" c={value ? undefined : 'dimmed'} aria-live="polite">
          {value ? t('map.selected', { place: placeWords(value, address) }) : t('map.notSelected')}
        </Text>
        {geoError && (
          <Alert color="orange" variant="light" role="alert" p="xs">
            {geoError}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
