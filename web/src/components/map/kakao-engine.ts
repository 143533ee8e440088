// Kakao Maps, loaded only through a dynamic import from MapView and only when
// the deployment configures a Kakao key. The SDK script itself is injected once.
import './map-pins.css';
import { MAP_DEFAULT_KAKAO_LEVEL } from '@pawbridge/shared';
import type { EngineOptions, LatLng, MapArea, MapEngine, MapPin, MapViewport } from './types';

interface KakaoLatLng {
  getLat(): number;
  getLng(): number;
}
interface KakaoBounds {
  getSouthWest(): KakaoLatLng;
  getNorthEast(): KakaoLatLng;
}
interface KakaoMap {
  getCenter(): KakaoLatLng;
  setCenter(p: KakaoLatLng): void;
  relayout(): void;
  getBounds(): KakaoBounds;
  getLevel(): number;
  setLevel(level: number, opts?: { anchor?: KakaoLatLng }): void;
}
interface KakaoOverlay {
  setMap(map: KakaoMap | null): void;
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
  CustomOverlay: new (opts: { position: KakaoLatLng; content: HTMLElement; yAnchor?: number; xAnchor?: number }) => KakaoOverlay;
  Circle: new (opts: {
    center: KakaoLatLng;
    radius: number;
    strokeWeight: number;
    strokeColor: string;
    fillColor: string;
    fillOpacity: number;
  }) => KakaoOverlay;
  event: {
    addListener(target: unknown, type: string, handler: (e: { latLng: KakaoLatLng }) => void): void;
    removeListener(target: unknown, type: string, handler: (e: { latLng: KakaoLatLng }) => void): void;
  } & {
    addListener(target: unknown, type: 'idle', handler: () => void): void;
    removeListener(target: unknown, type: 'idle', handler: () => void): void;
  };
}
declare global {
  interface Window {
    kakao?: { maps: KakaoMaps };
  }
}

let sdk: Promise<KakaoMaps> | null = null;

const levelOf = (zoom: number) => Math.max(1, Math.min(14, 20 - zoom));

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
 * The words for a point (province, district, dong): Kakao's legal-dong (B)
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
  // Kakao's level 1 is the closest; Leaflet's zoom grows inwards. Level ≈ 20 − zoom is close enough for clustering.
  const map = new maps.Map(el, {
    center: toKakao(opts.center),
    level: opts.zoom !== undefined ? levelOf(opts.zoom) : MAP_DEFAULT_KAKAO_LEVEL,
  });
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

  const getViewport = (): MapViewport => {
    const b = map.getBounds();
    const sw = b.getSouthWest();
    const ne = b.getNorthEast();
    return {
      south: sw.getLat(),
      west: sw.getLng(),
      north: ne.getLat(),
      east: ne.getLng(),
      zoom: Math.max(0, Math.min(20, 20 - map.getLevel())),
    };
  };
  const onIdle = opts.onViewport ? () => opts.onViewport?.(getViewport()) : null;
  if (onIdle) maps.event.addListener(map, 'idle', onIdle);

  // Pins are buttons in custom overlays (keyboard and screen readers reach them like any button).
  let pins: KakaoOverlay[] = [];
  const setPins = (next: MapPin[]) => {
    for (const o of pins) o.setMap(null);
    pins = next.map((p) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'pb-map-pin';
      button.style.background = p.color;
      button.style.cursor = 'pointer';
      button.textContent = p.text;
      button.title = p.label;
      button.setAttribute('aria-label', p.label);
      button.addEventListener('click', () => p.onSelect());
      const o = new maps.CustomOverlay({ position: toKakao(p), content: button, xAnchor: 0.5, yAnchor: 0.5 });
      o.setMap(map);
      return o;
    });
  };
  let area: KakaoOverlay | null = null;
  const setArea = (a: MapArea | null) => {
    area?.setMap(null);
    area = null;
    if (!a) return;
    area = new maps.Circle({
      center: toKakao(a.center),
      radius: a.radiusMetres,
      strokeWeight: 2,
      strokeColor: '#c2410c',
      fillColor: '#fb923c',
      fillOpacity: 0.25,
    });
    area.setMap(map);
  };

  return {
    getViewport,
    setPins,
    setArea,
    zoomInAt: (p, steps) => map.setLevel(Math.max(1, map.getLevel() - steps), { anchor: toKakao(p) }),
    getCenter: () => {
      const c = map.getCenter();
      return { lat: c.getLat(), lng: c.getLng() };
    },
    setCenter: (p) => map.setCenter(toKakao(p)),
    setMarker,
    resize: () => map.relayout(),
    destroy: () => {
      if (onClick) maps.event.removeListener(map, 'click', onClick);
      if (onIdle) maps.event.removeListener(map, 'idle', onIdle);
      setPins([]);
      setArea(null);
      marker?.setMap(null);
      el.replaceChildren();
    },
  };
}
