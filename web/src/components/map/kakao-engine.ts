// Kakao Maps, loaded only through a dynamic import from MapView and only when
// the deployment configures a Kakao key. The SDK script itself is injected once.
import { MAP_DEFAULT_KAKAO_LEVEL } from '@pawbridge/shared';
import type { EngineOptions, LatLng, MapEngine } from './types';

interface KakaoLatLng {
  getLat(): number;
  getLng(): number;
}
interface KakaoMap {
  getCenter(): KakaoLatLng;
  setCenter(p: KakaoLatLng): void;
  relayout(): void;
}
interface KakaoMarker {
  setMap(map: KakaoMap | null): void;
  setPosition(p: KakaoLatLng): void;
}
interface KakaoRegion {
  region_type: string;
  address_name: string;
}
interface KakaoServices {
  Geocoder: new () => {
    coord2RegionCode(lng: number, lat: number, cb: (result: KakaoRegion[], status: string) => void): void;
  };
  Status: { OK: string };
}
interface KakaoMaps {
  load(cb: () => void): void;
  /** The "services" library the SDK URL asks for (geocoding). */
  services?: KakaoServices;
  LatLng: new (lat: number, lng: number) => KakaoLatLng;
  Map: new (el: HTMLElement, opts: { center: KakaoLatLng; level: number }) => KakaoMap;
  Marker: new (opts: { position: KakaoLatLng; title?: string }) => KakaoMarker;
  event: {
    addListener(target: unknown, type: string, handler: (e: { latLng: KakaoLatLng }) => void): void;
    removeListener(target: unknown, type: string, handler: (e: { latLng: KakaoLatLng }) => void): void;
  };
}
declare global {
  interface Window {
    kakao?: { maps: KakaoMaps };
  }
}

let sdk: Promise<KakaoMaps> | null = null;

function loadSdk(appKey: string): Promise<KakaoMaps> {
  sdk ??= new Promise<KakaoMaps>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&libraries=services&autoload=false`;
    script.async = true;
    script.onload = () => {
      const maps = window.kakao?.maps;
      if (!maps) reject(new Error('kakao sdk missing'));
      else maps.load(() => resolve(maps));
    };
    script.onerror = () => reject(new Error('kakao sdk failed to load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    // A failed load may be a passing network problem; the next map may try again.
    sdk = null;
    throw err;
  });
  return sdk;
}

/**
 * The words for a point ("서울특별시 마포구 망원동"): Kakao's legal-dong (B)
 * region, else its administrative one (H). Null when Kakao has none (at sea).
 */
export async function reverseGeocode(p: LatLng, settings: { appKey: string }): Promise<string | null> {
  const maps = await loadSdk(settings.appKey);
  const services = maps.services;
  if (!services) return null;
  return new Promise((resolve, reject) => {
    new services.Geocoder().coord2RegionCode(p.lng, p.lat, (result, status) => {
      if (status !== services.Status.OK) {
        // ZERO_RESULT is an answer (no address there); ERROR is a failure worth retrying later.
        if (status === 'ZERO_RESULT') resolve(null);
        else reject(new Error(`kakao geocoder: ${status}`));
        return;
      }
      const region = result.find((r) => r.region_type === 'B') ?? result[0];
      resolve(region?.address_name ?? null);
    });
  });
}

export async function createMap(el: HTMLElement, opts: EngineOptions, settings: { appKey: string }): Promise<MapEngine> {
  const maps = await loadSdk(settings.appKey);
  const toKakao = (p: LatLng) => new maps.LatLng(p.lat, p.lng);
  const map = new maps.Map(el, { center: toKakao(opts.center), level: MAP_DEFAULT_KAKAO_LEVEL });
  let marker: KakaoMarker | null = null;

  const setMarker = (p: LatLng | null) => {
    if (!p) {
      marker?.setMap(null);
      marker = null;
      return;
    }
    if (marker) marker.setPosition(toKakao(p));
    else {
      marker = new maps.Marker({ position: toKakao(p), title: opts.markerTitle });
      marker.setMap(map);
    }
  };
  setMarker(opts.marker);

  const onClick = opts.onClick ? (e: { latLng: KakaoLatLng }) => opts.onClick?.({ lat: e.latLng.getLat(), lng: e.latLng.getLng() }) : null;
  if (onClick) maps.event.addListener(map, 'click', onClick);

  return {
    getCenter: () => {
      const c = map.getCenter();
      return { lat: c.getLat(), lng: c.getLng() };
    },
    setCenter: (p) => map.setCenter(toKakao(p)),
    setMarker,
    resize: () => map.relayout(),
    destroy: () => {
      if (onClick) maps.event.removeListener(map, 'click', onClick);
      marker?.setMap(null);
      el.replaceChildren();
    },
  };
}
