// Loaded only through a dynamic import from MapView, so Leaflet and its CSS
// stay out of the main bundle and load only on screens that show a map.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './leaflet-overrides.css';
import './map-pins.css';
import { MAP_DEFAULT_LEAFLET_ZOOM } from '@pawbridge/shared';
import type { EngineOptions, LatLng, MapArea, MapEngine, MapPin, MapViewport } from './types';

export interface LeafletSettings {
  tileUrl: string;
  attribution: string;
}

// A vector marker: Leaflet's default icon is a PNG whose URL bundlers break.
const markerStyle: L.CircleMarkerOptions = { radius: 10, color: '#c2410c', weight: 3, fillColor: '#fb923c', fillOpacity: 0.9 };

export function createMap(el: HTMLElement, opts: EngineOptions, settings: LeafletSettings): MapEngine {
  const map = L.map(el, { center: [opts.center.lat, opts.center.lng], zoom: opts.zoom ?? MAP_DEFAULT_LEAFLET_ZOOM, keyboard: true });
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

  // Once removed, Leaflet's panes are gone: anything that still reads the map's position (a late
  // moveend, a getBounds) would throw "reading '_leaflet_pos'". The last viewport stands in.
  let removed = false;
  let last: MapViewport | null = null;
  const getViewport = (): MapViewport => {
    if (removed && last) return last;
    const b = map.getBounds();
    last = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast(), zoom: Math.round(map.getZoom()) };
    return last;
  };
  if (opts.onViewport) {
    const onViewport = opts.onViewport;
    map.on('moveend', () => {
      if (!removed) onViewport(getViewport());
    });
  }

  // Pins are markers with a text icon: Leaflet makes them focusable buttons (keyboard: true) named by their title.
  let pins: L.Marker[] = [];
  const setPins = (next: MapPin[]) => {
    for (const m of pins) m.remove();
    pins = next.map((p) => {
      const html = document.createElement('span');
      html.className = 'pb-map-pin';
      html.style.background = p.color;
      html.textContent = p.text;
      const icon = L.divIcon({ html, className: 'pb-map-pin-box', iconSize: [44, 44], iconAnchor: [22, 22] });
      const m = L.marker([p.lat, p.lng], { icon, title: p.label, alt: p.label, keyboard: true, riseOnHover: true });
      m.on('click', () => p.onSelect());
      return m.addTo(map);
    });
  };

  let area: L.Circle | null = null;
  const setArea = (a: MapArea | null) => {
    area?.remove();
    area = a
      ? L.circle([a.center.lat, a.center.lng], {
          radius: a.radiusMetres,
          color: '#c2410c',
          weight: 2,
          fillColor: '#fb923c',
          fillOpacity: 0.25,
          interactive: false,
        }).addTo(map)
      : null;
  };

  return {
    getViewport,
    setPins,
    setArea,
    zoomInAt: (p, steps) => map.setView([p.lat, p.lng], Math.min(map.getZoom() + steps, 19)),
    getCenter: () => {
      const c = map.getCenter();
      return { lat: c.lat, lng: c.lng };
    },
    setCenter: (p) => map.setView([p.lat, p.lng], map.getZoom()),
    setMarker,
    resize: () => {
      // No pan: a re-measure while the map is leaving must not start a movement that ends after it.
      if (!removed) map.invalidateSize({ pan: false });
    },
    destroy: () => {
      if (removed) return;
      removed = true;
      map.stop(); // a pan or zoom still animating would finish on removed panes
      map.off();
      map.remove();
    },
  };
}
