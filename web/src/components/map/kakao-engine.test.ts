import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMap, reverseGeocode } from './kakao-engine';

// A stand-in for the Kakao SDK: records what the engine asks of it.
function fakeKakao() {
  const listeners: Record<string, (e: { latLng: { getLat(): number; getLng(): number } }) => void> = {};
  const markers: { position: { lat: number; lng: number }; map: unknown }[] = [];
  class LatLng {
    constructor(
      readonly lat: number,
      readonly lng: number,
    ) {}
    getLat() {
      return this.lat;
    }
    getLng() {
      return this.lng;
    }
  }
  const maps = {
    load: (cb: () => void) => cb(),
    services: {
      Status: { OK: 'OK', ZERO_RESULT: 'ZERO_RESULT', ERROR: 'ERROR' },
      Geocoder: function Geocoder(this: object) {
        Object.assign(this, {
          coord2RegionCode: (
            lng: number,
            lat: number,
            cb: (r: { region_type: string; address_name: string }[], status: string) => void,
          ) => {
            // Kakao takes longitude first: a swapped call would pass a "latitude" over 90.
            if (lat > 90 || lng < 100) cb([], 'ERROR');
            else if (lat < 34) cb([], 'ZERO_RESULT');
            else
              cb(
                [
                  { region_type: 'H', address_name: '서울특별시 마포구 망원1동' },
                  { region_type: 'B', address_name: '서울특별시 마포구 망원동' },
                ],
                'OK',
              );
          },
        });
      },
    },
    LatLng,
    Map: vi.fn(function (this: { center: LatLng }, _el: HTMLElement, opts: { center: LatLng; level: number }) {
      this.center = opts.center;
      Object.assign(this, {
        getCenter: () => this.center,
        setCenter: (p: LatLng) => (this.center = p),
        relayout: () => undefined,
      });
    }),
    Marker: vi.fn(function (this: object, opts: { position: LatLng }) {
      const m = { position: { lat: opts.position.lat, lng: opts.position.lng }, map: null as unknown };
      markers.push(m);
      Object.assign(this, {
        setMap: (map: unknown) => (m.map = map),
        setPosition: (p: LatLng) => (m.position = { lat: p.lat, lng: p.lng }),
      });
    }),
    event: {
      addListener: (_t: unknown, type: string, h: (typeof listeners)[string]) => (listeners[type] = h),
      removeListener: (_t: unknown, type: string) => delete listeners[type],
    },
  };
  return { maps, listeners, markers, LatLng };
}

describe('kakao engine', () => {
  afterEach(() => {
    delete window.kakao;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('loads the SDK with the services library, opens at level 3, and picks clicked points', async () => {
    const fake = fakeKakao();
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      window.kakao = { maps: fake.maps as never };
      queueMicrotask(() => (node as HTMLScriptElement).onload?.(new Event('load')));
      return node;
    });
    const onClick = vi.fn();
    const engine = await createMap(
      document.createElement('div'),
      { center: { lat: 37.5, lng: 127 }, marker: null, onClick, markerTitle: '선택한 위치' },
      { appKey: 'KEY 1' },
    );

    const script = append.mock.calls[0]?.[0] as HTMLScriptElement;
    expect(script.src).toBe('https://dapi.kakao.com/v2/maps/sdk.js?appkey=KEY%201&libraries=services&autoload=false');
    expect(fake.maps.Map.mock.calls[0]?.[1]).toMatchObject({ level: 3 });
    expect(engine.getCenter()).toEqual({ lat: 37.5, lng: 127 });

    fake.listeners.click?.({ latLng: new fake.LatLng(35.1, 129.0) });
    expect(onClick).toHaveBeenCalledWith({ lat: 35.1, lng: 129.0 });

    engine.setMarker({ lat: 35.1, lng: 129.0 });
    engine.setMarker({ lat: 35.2, lng: 129.1 });
    expect(fake.markers).toHaveLength(1);
    expect(fake.markers[0]?.position).toEqual({ lat: 35.2, lng: 129.1 });
    engine.setMarker(null);
    expect(fake.markers[0]?.map).toBeNull();

    engine.destroy();
    expect(fake.listeners.click).toBeUndefined();
  });

  it('reverse-geocodes a point to its legal-dong address, and null where Kakao has none', async () => {
    const fake = fakeKakao();
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      window.kakao = { maps: fake.maps as never };
      queueMicrotask(() => (node as HTMLScriptElement).onload?.(new Event('load')));
      return node;
    });
    await expect(reverseGeocode({ lat: 37.556, lng: 126.901 }, { appKey: 'KEY' })).resolves.toBe('서울특별시 마포구 망원동');
    await expect(reverseGeocode({ lat: 33.0, lng: 125.0 }, { appKey: 'KEY' })).resolves.toBeNull();
  });
});
