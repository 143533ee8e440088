import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_OPTIONS } from '@pawbridge/shared';
import { GeoError, locate } from './geolocation';

const geoFailing = (code: number) =>
  ({
    getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code } as GeolocationPositionError),
  }) as unknown as Geolocation;

describe('locate', () => {
  it('asks with the spec options and resolves the coordinates', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback, _opts?: PositionOptions) =>
      ok({ coords: { latitude: 35.1, longitude: 129.04 } } as GeolocationPosition),
    );
    await expect(locate({ getCurrentPosition } as unknown as Geolocation)).resolves.toEqual({ lat: 35.1, lng: 129.04 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ timeout: 10_000, maximumAge: 60_000, enableHighAccuracy: true });
    expect(GEOLOCATION_OPTIONS.timeout).toBe(10_000);
  });

  it.each([
    [1, 'map.geo.denied'],
    [2, 'map.geo.unavailable'],
    [3, 'map.geo.timeout'],
    [9, 'map.geo.unknown'],
  ])('maps error code %i to %s', async (code, key) => {
    await expect(locate(geoFailing(code))).rejects.toEqual(new GeoError(key as GeoError['key']));
  });

  it('reports a browser without geolocation', async () => {
    await expect(locate(null)).rejects.toMatchObject({ key: 'map.geo.unsupported' });
  });
});
