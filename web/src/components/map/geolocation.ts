import { GEOLOCATION_OPTIONS } from '@pawbridge/shared';
import type { LatLng } from './types';

export type GeoErrorKey = 'map.geo.denied' | 'map.geo.unavailable' | 'map.geo.timeout' | 'map.geo.unknown' | 'map.geo.unsupported';

/** A failed location request, carrying the catalogue key of its Korean message. */
export class GeoError extends Error {
  constructor(readonly key: GeoErrorKey) {
    super(key);
  }
}

// GeolocationPositionError codes (1, 2, 3) — the constants are absent in some test environments.
const CODE_KEYS: Record<number, GeoErrorKey> = { 1: 'map.geo.denied', 2: 'map.geo.unavailable', 3: 'map.geo.timeout' };

/** The browser's position with the spec §9 options (10 s timeout, 60 s maximum age, high accuracy). */
export function locate(
  geo: Geolocation | null | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geo) {
      reject(new GeoError('map.geo.unsupported'));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) => reject(new GeoError(CODE_KEYS[err.code] ?? 'map.geo.unknown')),
      { ...GEOLOCATION_OPTIONS },
    );
  });
}
