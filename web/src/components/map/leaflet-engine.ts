// Loaded only through a dynamic import from MapView, so Leaflet and its CSS
// stay out of the main bundle and load only on screens that show a map.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './leaflet-overrides.css';
import { MAP_DEFAULT_LEAFLET_ZOOM } from '@pawbridge/shared';
import type { EngineOptions, LatLng, MapEngine } from './types';

export interface LeafletSettings {
  tileUrl: string;
  attribution: string;
}

// A vector marker: Leaflet's default icon is a PNG whose URL bundlers break.
const markerStyle: L.CircleMarkerOptions = { radius: 10, color: '#c2410c', weight: 3, fillColor: '#fb923c', fillOpacity: 0.9 };

export function createMap(el: HTMLElement, opts: EngineOptions, settings: LeafletSettings): MapEngine {
  const map = L.map(el, { center: [opts.center.lat, opts.center.lng], zoom: MAP_DEFAULT_LEAFLET_ZOOM, keyboard: true });
  const tiles = L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(map);
  // One failed tile among loaded ones is a hiccup; failures before any tile
  // loaded mean no map at all. A later success (back online) clears it.
  let anyLoaded = false;
  let failed = false;
  tiles.on('tileload', () => {
    anyLoaded = true;
    if (failed) {
      failed = false;
      opts.onTiles?.(true);
    }
  });
  tiles.on('tileerror', () => {
    if (anyLoaded || failed) return;
    failed = true;
    opts.onTiles?.(false);
  });
  let marker: L.CircleMarker | null = null;

  const setMarker = (p: LatLng | null) => {
    if (!p) {
      marker?.remove();
      marker = null;
      return;
    }
    if (marker) marker.setLatLng([p.lat, p.lng]);
    else marker = L.circleMarker([p.lat, p.lng], markerStyle).bindTooltip(opts.markerTitle).addTo(map);
  };
  setMarker(opts.marker);

  if (opts.onClick) {
    const onClick = opts.onClick;
    map.on('click', (e: L.LeafletMouseEvent) => onClick({ lat: e.latlng.lat, lng: e.latlng.lng }));
  }

  return {
    getCenter: () => {
      const c = map.getCenter();
      return { lat: c.lat, lng: c.lng };
    },
    setCenter: (p) => map.setView([p.lat, p.lng], map.getZoom()),
    setMarker,
    resize: () => map.invalidateSize(),
    destroy: () => map.remove(),
  };
}
