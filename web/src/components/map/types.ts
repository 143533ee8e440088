export interface LatLng {
  lat: number;
  lng: number;
}

/** What a screen may do with a drawn map, whichever provider draws it. */
export interface MapHandle {
  getCenter(): LatLng;
  setCenter(p: LatLng): void;
}

/** A provider's map inside one element (Leaflet or Kakao). */
export interface MapEngine extends MapHandle, MapExtras {
  setMarker(p: LatLng | null): void;
  /** Called when the element's size changed (e.g. inside a modal that just opened). */
  resize(): void;
  destroy(): void;
}

export interface EngineOptions {
  center: LatLng;
  marker: LatLng | null;
  onClick?: (p: LatLng) => void;
  markerTitle: string;
  /**
   * Tiles stopped loading (offline, tile server down) or came back. Without
   * tiles the map is a blank box, so the screen says so in words.
   */
  onTiles?: (loaded: boolean) => void;
  /** The view moved or zoomed (after the move ends), and once when the map is ready. */
  onViewport?: (v: MapViewport) => void;
  /** The zoom the map opens at (Leaflet's scale); the provider's default otherwise. */
  zoom?: number;
}

/** What the map shows: its bounds and zoom (Leaflet's 0–20 scale; Kakao's levels are turned into it). */
export interface MapViewport {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

/** A labelled pin a screen puts on the map (e.g. a cluster of board posts): a focusable button. */
export interface MapPin {
  key: string;
  lat: number;
  lng: number;
  /** Short text drawn on the pin (a count, a word). */
  text: string;
  /** The accessible name (and tooltip). */
  label: string;
  /** CSS colour of the pin. */
  color: string;
  onSelect: () => void;
}

/** A shaded circle (an approximate place shown without its exact point). */
export interface MapArea {
  center: LatLng;
  radiusMetres: number;
}

/** What some screens need beyond the picker's single marker; engines that lack them are skipped. */
export interface MapExtras {
  setPins?(pins: MapPin[]): void;
  setArea?(area: MapArea | null): void;
  getViewport?(): MapViewport;
  /** Centre on a point and zoom in by `steps` (a cluster opened). */
  zoomInAt?(p: LatLng, steps: number): void;
}
